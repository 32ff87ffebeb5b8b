import type { FilingDatabase } from '@filing-mcp/filing-domain';
import type { Server } from 'node:http';
import type {
  FaxProvider,
  FilingPackets,
  FilingServer,
  FilingServerConfig,
  HashFunction,
  PaymentProvider,
} from '@filing-mcp/filing-domain';
import type { ClientMetadataDocumentOptions } from '@filing-mcp/oauth-core';
import type { Kysely } from 'kysely';
import type { Logger } from './logger.js';

/** The core's configuration, with the two addresses optional: they default from the listening port. */
export type NodeServerConfig = Omit<FilingServerConfig, 'baseUrl' | 'appUrl'> & {
  /** `{base_url}`; default `http://localhost:<port>/mcp-server`. */
  baseUrl?: string;
  /** `{app_url}`; default `<origin of baseUrl>/app` with the companion pages, else required. */
  appUrl?: string;
};

/** Mounts the local companion pages (consent, API keys, filing views) under the app URL's path. */
export interface CompanionOptions {
  /** The one local user the pages act for. */
  userId: string;
  /**
   * `link`: every page needs a session opened by a one-time sign-in link
   * ({@link NodeServer.signInUrl}, printed at start). Required when `host` is not loopback: the
   * pages act for the local user without a password, and a network client can name any `Host`.
   * `session`: every page needs a sign-in with a session JWT at `{app_url}/sign-in`, checked as
   * `/approve` checks one; the pages act for its `sub` rather than `userId`.
   */
  signIn?: 'link' | 'session';
}

/** Options of `createNodeServer`. */
export interface NodeServerOptions {
  /** Migrated database; closed by `close()` only through {@link NodeServerOptions.onClose}. */
  db: Kysely<FilingDatabase>;
  /**
   * The core's settings; a function receives the listening address, for a server on port 0 whose
   * `baseUrl` must name the port the system picked.
   */
  config: NodeServerConfig | ((address: ListeningAddress) => NodeServerConfig);
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /** Default 3000; 0 picks a free port. */
  port?: number;
  /** Credential hash; default synchronous node:crypto SHA-256. */
  hash?: HashFunction;
  /** Clock in Unix milliseconds (tests). */
  now?: () => number;
  /** Default: JSON lines on stdout at `info`. */
  logger?: Logger;
  /** Serve the companion pages; needs an HS256 `config.session.secret`. */
  companion?: CompanionOptions;
  /** How long `close()` waits for in-flight requests before cutting connections; default 10 s. */
  shutdownTimeoutMs?: number;
  /**
   * Let @hono/node-server replace the global `Request`/`Response` with its lightweight versions
   * (default true). The core answers with byte bodies and plain header records, which those
   * write straight to the socket without a web stream: measured 1.76x the throughput of the
   * native classes on tools/list. Pass false when the process must keep the native classes.
   */
  overrideGlobalObjects?: boolean;
  /** Interval of the OAuth cleanup of expired codes and tokens; default 5 minutes, 0 disables. */
  cleanupIntervalMs?: number;
  /** How long `GET /readyz` waits for the database before answering 503; default 2000 ms. */
  readinessTimeoutMs?: number;
  /**
   * Heap limit of each packet worker thread in MB (default 512); the workers are
   * `config.packetBuilds.concurrency` (default 2).
   */
  packetWorkerMaxMemoryMb?: number;
  /**
   * Client ID Metadata Documents: default on, fetched by the SSRF-safe Node fetcher of
   * `@filing-mcp/oauth-core/node` (no loopback); `false` turns them off.
   */
  clientMetadataDocuments?: ClientMetadataDocumentOptions | false;
  /**
   * The fax provider (`telnyxFaxProvider` of `@filing-mcp/filing-domain/providers/telnyx`, built
   * from its settings): turns on send_fax and its status webhook.
   */
  fax?: FaxProvider;
  /**
   * The payment provider (`stripePaymentProvider` of `@filing-mcp/filing-domain/providers/stripe`,
   * built from its settings): turns on buy_filings, buy_extension, its webhook and the credits.
   */
  payments?: PaymentProvider;
  /** Runs last in `close()`, after every request finished: release what the server used (database). */
  onClose?: () => Promise<void>;
}

/** Where a server listens, once it does. */
export interface ListeningAddress {
  /** e.g. `http://127.0.0.1:43117`. */
  origin: string;
  port: number;
}

/** A listening filing-mcp server. */
export interface NodeServer {
  /** The MCP endpoint, `{base_url}`. */
  url: string;
  /** Where the socket listens, e.g. `http://127.0.0.1:3000`; reach it through this in tests. */
  origin: string;
  /** `{app_url}`. */
  appUrl: string;
  /** Whether the companion pages are served. */
  companion: boolean;
  /** The one-time sign-in link of the companion pages (`signIn: 'link'`): a secret, for the person starting the server. */
  signInUrl?: string;
  server: Server;
  /** The core's {@link FilingServer.forgetCredentials}: credentials another process ended. */
  forgetCredentials(credentialHashes: Iterable<string>): void;
  /** The core's {@link FilingServer.forgetAllCredentials}. */
  forgetAllCredentials(): void;
  /** The core's packets (cache and bounded build queue): `stats()` counts builds, cache hits, refusals. */
  packets: FilingPackets | undefined;
  /**
   * Graceful stop: refuses new connections, lets in-flight requests finish (bounded by
   * `shutdownTimeoutMs`), then closes the core and runs `onClose`. Idempotent.
   */
  close(): Promise<void>;
}
