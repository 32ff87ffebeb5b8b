import type { FilingDatabase } from '@filing-mcp/filing-domain';
import type { Kysely } from 'kysely';
import type { StripeStandIn } from './stripe-stand-in.js';

/** The database a target runs on: in-process PGlite or a real PostgreSQL server. */
export type ConformanceDatabase = 'pglite' | 'postgres';

/**
 * The clock the server under test reads (its `now` option). It starts at the real time and only
 * moves forward, so that credentials can be expired without waiting.
 */
export interface ConformanceClock {
  /** Current time of the server under test, Unix milliseconds. */
  now(): number;
  /** Moves the server's time forward by `ms` milliseconds. */
  advance(ms: number): void;
}

/**
 * One deployment shape of filing-mcp as the scenarios see it: an HTTP surface reached through
 * `fetch`, plus the few handles a black-box test needs to set up data and look at the outcome.
 *
 * Scenarios only ever reach the server through `fetch` with absolute URLs built from `baseUrl`
 * (and the origin-level `/.well-known/*` addresses derived from it), so the same scenario proves the
 * same behaviour whether `fetch` calls the core directly, a real socket, or a Lambda handler.
 */
export interface ConformanceTarget {
  /** Name that appears in the test names, e.g. `core` or `node`. */
  name: string;
  /** The configured `{base_url}` of the tool server, without a trailing slash. */
  baseUrl: string;
  /** The configured `{app_url}` of the companion app, without a trailing slash. */
  appUrl: string;
  /** Sends a request to the server under test; redirects are not followed when `redirect: 'manual'`. */
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** HS256 secret the server verifies `/approve` session JWTs with. */
  sessionSecret: string;
  /** The server's database, to seed payments and fax logs and to check what was stored. */
  db: Kysely<FilingDatabase>;
  /** Creates an API key for `userId` the way the companion app does, and returns the plaintext key. */
  createApiKey(userId: string, options?: { expiresAt?: Date }): Promise<string>;
  /** The server's clock. */
  clock: ConformanceClock;
  /**
   * True when the target serves the filing packets as MCP resources (it was given a packet
   * builder: the Node adapter). Such a target declares `resources` and answers the resource methods
   * on the 2026 wire too.
   */
  packetResources?: boolean;
  /** Signs a fax webhook body as Telnyx does (TargetParts' test key); the webhook scenarios need it. */
  signFaxEvent?(body: string, timestampSeconds: number): Record<string, string>;
  /**
   * The Stripe stand-in the server takes payments through (TargetParts' `stripe`): the payment
   * webhook scenarios pay its checkouts and sign its events.
   */
  stripe?: StripeStandIn;
  /** Stops the target and releases its database. */
  close(): Promise<void>;
}
