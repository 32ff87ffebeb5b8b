import type { OAuthEndpointName } from '@filing-mcp/oauth-core';

/**
 * What is limited: an OAuth endpoint per client address (`register`, `token`, `authorize`,
 * `approve`, `revoke`: oauth-core's endpoint names), `tools/call` per credential, and the signed
 * packet downloads per client address (`packetDownload`) and per link (`packetLink`); failed
 * `/token` attempts per client and address (`tokenClientFailures`), checked before the address's
 * `token` limit so that one client's failures do not use up its neighbours' share.
 */
export type RateLimitScope =
  | OAuthEndpointName
  | 'toolsCall'
  | 'packetDownload'
  | 'packetLink'
  | 'tokenClientFailures';

/** Requests allowed per minute for each {@link RateLimitScope}. */
export type RateLimitsPerMinute = Record<RateLimitScope, number>;

/** Default limits, per minute: per client address for the OAuth endpoints, per credential for `tools/call`. */
export const DEFAULT_RATE_LIMITS: Readonly<RateLimitsPerMinute> = Object.freeze({
  register: 60,
  token: 300,
  authorize: 300,
  approve: 300,
  revoke: 300,
  toolsCall: 1200,
  packetDownload: 60,
  packetLink: 20,
  tokenClientFailures: 30,
});
