import type { FilingDatabase } from '../storage/database.js';
import type {
  AuthorizationGrant,
  ClientMetadataDocumentOptions,
  CompletedAuthorization,
  OAuthClientRecord,
} from '@filing-mcp/oauth-core';
import type { RequestContext } from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import type { FilingServerConfig } from '../config/config.js';
import type { HashFunction } from '../auth/hash.js';
import type { DatabaseQuery } from '../storage/database-query.js';
import type { FilingLogger } from '../logging/filing-logger.js';
import type { Readiness } from '../probes/probe-responses.js';
import type { PacketBuilder, FilingPackets } from '../resources/filing-packets.js';
import type { PaymentProvider } from '../payments/payment-provider.js';
import type { BillingDesk } from '../payments/billing-desk.js';
import type { FaxProvider } from '../submission/fax-provider.js';

/** Options of {@link createFilingServer}. */
export interface FilingServerOptions {
  /**
   * Kysely on PostgreSQL or PGlite, migrated with `migrateToLatest`. The caller owns and closes it.
   * Or a function answering it, called once by the first request that needs the database: a
   * serverless entry then loads no database module before that (`initialize`, `tools/list`,
   * probes and preflights need none).
   */
  db: Kysely<FilingDatabase> | (() => Promise<Kysely<FilingDatabase>>);
  /**
   * The same database as a plain query function on its driver's pool (`poolQuery`), called once
   * by the first credential: the serverless entries pass it so that the first API key's lookup
   * waits for pg only, not for Kysely to load. Without it the credential check uses `db`.
   */
  databaseQuery?: () => Promise<DatabaseQuery>;
  /** Settings, validated here with zod; a bad setting throws an error naming it. */
  config: FilingServerConfig;
  /** SHA-256 hex function for credentials, default WebCrypto. */
  hash?: HashFunction;
  /** Clock in Unix milliseconds (tests). */
  now?: () => number;
  logger?: FilingLogger;
  /**
   * Accept Client ID Metadata Documents (https `client_id`s), fetched through this fetcher; on Node,
   * `nodeClientMetadataDocuments(settings)` from `@filing-mcp/oauth-core/node`. Default: off.
   */
  clientMetadataDocuments?: ClientMetadataDocumentOptions;
  /** How long `GET /readyz` waits for the database before answering 503; default 2000 ms. */
  readinessTimeoutMs?: number;
  /**
   * Builds filing packets (the official IRS forms as one PDF). With it, the server declares the
   * `resources` capability and serves each packet as an MCP resource
   * (`filing://filings/{id}/packet.pdf`, `filing://partnership/{id}/packet.pdf`) to its owner;
   * without it, the server has tools only. A bare builder is put behind a cache and a bounded
   * build queue (`createFilingPackets`, limits from `config.packetBuilds`); a `FilingPackets`
   * already made is used as is.
   */
  packets?: PacketBuilder | FilingPackets;
  /**
   * The fax provider, built by the adapter from the provider's own settings (every adapter reads
   * the Telnyx variables with `@filing-mcp/filing-domain/providers/telnyx`): turns on send_fax,
   * sent from `provider.fromNumber`, and the provider's status webhook
   * (`POST {base_url}{provider.webhookPath}`). Without it, send_fax answers the mail route.
   */
  fax?: FaxProvider;
  /**
   * The card-payment provider, built by the adapter from the provider's own settings (every adapter
   * reads the Stripe variables with `@filing-mcp/filing-domain/providers/stripe`): turns on
   * buy_filings and buy_extension (what they sell: `provider.catalog`), the provider's webhook
   * (`POST {base_url}{provider.webhookPath}`) and, with `catalog.billing: 'on'`, the credits.
   */
  payments?: PaymentProvider;
}

/** The composed server: MCP tools, OAuth endpoints, CORS, one `fetch`. */
export interface FilingServer {
  /** Serves one request; `context.waitUntil` lets background work (last-used times) outlive it. */
  fetch(request: Request, context?: RequestContext): Promise<Response>;
  /**
   * Serves one request that a bridge has routed to the MCP endpoint itself (a POST to the base
   * URL's path), as `fetch` would, without a promise when nothing needs waiting for: a fixed
   * result (`tools/list`...) to a request whose body the bridge has read already. The Node
   * adapter's bridge (`@filing-mcp/node-http`) writes such an answer at once.
   */
  respondMcp(request: Request, context?: RequestContext): Response | Promise<Response>;
  /**
   * Deletes expired authorization codes and OAuth tokens, abandoned clients (`clientExpiry`) and
   * past rate-limit counters (the maintenance job the adapters
   * schedule: a timer on Node, a scheduled invocation on Lambda, a cron on Vercel).
   */
  cleanup(): Promise<{ codes: number; tokens: number; clients: number; rateLimitCounters: number }>;
  /**
   * The check behind `GET /readyz`: the database answers within the readiness timeout and every
   * migration is applied. Never throws.
   */
  checkReadiness(): Promise<Readiness>;
  /**
   * Deletes an API key (with `userId`, only that user's) and stops accepting it in this process at
   * once. Answers whether a key was deleted.
   */
  revokeApiKey(id: string, userId?: string): Promise<boolean>;
  /**
   * Drops credentials (SHA-256 hex of an access token or API key) ended elsewhere from the cache of
   * verified credentials: an adapter calls it when another process announces a revocation.
   */
  forgetCredentials(credentialHashes: Iterable<string>): void;
  /**
   * Drops every cached credential: an adapter calls it when it may have missed announcements (its
   * notification connection was lost), so nothing stale outlives the reconnection.
   */
  forgetAllCredentials(): void;
  /**
   * The OAuth client a `client_id` names (a registration, or a validated Client ID Metadata
   * Document), for a consent page; throws an OAuth `invalid_client` error naming the rule a
   * document breaks.
   */
  resolveOAuthClient(clientId: string): Promise<OAuthClientRecord | undefined>;
  /**
   * `/approve` in process, for the consent page this process serves (the companion): issues the
   * code of a request `userId` approved, the caller having authenticated that user. Throws the
   * `ApproveError` `/approve` answers for the same input, having written nothing.
   */
  completeAuthorization(authorization: CompletedAuthorization): Promise<AuthorizationGrant>;
  /**
   * The packets behind the cache and the bounded build queue, when the server builds packets: the
   * companion's PDF links use the same ones, so a packet is built once whoever asks.
   */
  packets?: FilingPackets | undefined;
  /**
   * The billing pages' port, when the server takes payments (`options.payments`): the companion's
   * billing page, its checkout buttons and success page, and the credit of a packet download.
   */
  billing?: BillingDesk | undefined;
  /** Waits for background work still in flight and forgets cached credentials. Does not close `db`. */
  close(): Promise<void>;
}
