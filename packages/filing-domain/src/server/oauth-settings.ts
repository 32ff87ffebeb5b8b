import type { OAuthServerOptions } from '@filing-mcp/oauth-core';
import { FILING_SCOPES } from '../auth/scopes.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../errors/http-errors.js';
import { isDatabaseUnavailable } from '../storage/database-unavailable.js';
import type { ServerBasics } from './server-basics.js';

/**
 * The filing server's settings of its OAuth server, all but the store: loaded beside oauth-core by
 * the first OAuth route, access token or cleanup (`loadOAuthSettings`), so that a cold start carries
 * none of them. The credentials the OAuth server ends leave the server's one credential cache.
 */
export function filingOAuthSettings(basics: ServerBasics): Omit<OAuthServerOptions, 'store'> {
  const { options, config, cache } = basics;
  const requirePkce = config.requirePkce ?? config.requirePkceForPublicClients;
  return {
    baseUrl: basics.baseUrl,
    basePath: basics.basePath,
    appUrl: config.appUrl,
    session: config.session,
    hash: basics.hash,
    ...(config.lifetimes && { lifetimes: config.lifetimes }),
    ...(requirePkce !== undefined && { requirePkce }),
    ...(config.refreshGraceSeconds !== undefined && { refreshGraceSeconds: config.refreshGraceSeconds }),
    now: () => basics.clock(),
    logger: basics.log,
    onCredentialsEnded: (hashes) => {
      for (const credentialHash of hashes) cache.delete(credentialHash);
    },
    scopes: FILING_SCOPES,
    ...(options.clientMetadataDocuments && { clientMetadataDocuments: options.clientMetadataDocuments }),
    unavailable: (error) => (isDatabaseUnavailable(error) ? DATABASE_RETRY_AFTER_SECONDS : undefined),
  };
}
