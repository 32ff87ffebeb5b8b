import type { FilingDatabase } from '@filing-mcp/filing-domain';
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import {
  createApiKey,
  type FaxProvider,
  migrateToLatest,
  type PaymentProvider,
} from '@filing-mcp/filing-domain';
import { parseStripeSettings, stripePaymentProvider } from '@filing-mcp/filing-domain/providers/stripe';
import { telnyxFaxProvider } from '@filing-mcp/filing-domain/providers/telnyx';
import { createPGliteDb, createPostgresDb } from '@filing-mcp/test-db';
import type { Kysely } from 'kysely';
import type { ConformanceClock, ConformanceDatabase } from './conformance-target.js';
import { createControllableClock } from './controllable-clock.js';
import {
  STRIPE_TEST_KEY,
  STRIPE_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
  TEST_TIERS,
} from './stripe-stand-in.js';

/** Companion-app address every target is configured with. */
export const CONFORMANCE_APP_URL = 'https://app.filing-mcp.test';

/** Configuration a conformance target's server is created with (the `config` of `createFilingServer`). */
export interface ConformanceServerConfig {
  baseUrl: string;
  appUrl: string;
  session: { secret: string };
  requireAuth: 'tools/call';
  authCacheTtlMs: number;
  /** Off: the scenarios register clients and call tools far faster than the default limits allow. */
  rateLimits: false;
  allowedHosts: string[];
  allowedOrigins: string[];
}

/**
 * The providers' settings of a conformance target (their own, read by the adapters beside the
 * core's): the providers of `serverOptions` are built from them, and a deployed entry reads them.
 */
export interface ConformanceProviderSettings {
  /** Fax on, with a test Ed25519 key, so the fax-status webhook is tested on every target. */
  fax: {
    apiKey: string;
    connectionId: string;
    fromNumber: string;
    publicKey: string;
  };
  /**
   * Card payments against the Stripe stand-in (billing stays off: nothing costs a credit), so the
   * payment webhook is tested on every target.
   */
  payments: {
    secretKey: string;
    webhookSecret: string;
    apiBaseUrl: string;
    tiers: string;
    extensionPrice: string;
  };
}

/** Everything of a target that is not transport: database, clock, configuration and API keys. */
export interface TargetParts {
  /** Migrated database, fresh for this target. */
  db: Kysely<FilingDatabase>;
  /** Its connection URL on PostgreSQL (for a server in another process); undefined on PGlite. */
  databaseUrl: string | undefined;
  clock: ConformanceClock;
  config: ConformanceServerConfig;
  /** The fax and payment providers' settings (each provider's own, beside the core's). */
  providerSettings: ConformanceProviderSettings;
  /** Ready-made options for `createFilingServer(serverOptions)`, the fax and Stripe providers included. */
  serverOptions: {
    db: Kysely<FilingDatabase>;
    config: ConformanceServerConfig;
    fax: FaxProvider;
    now: () => number;
    payments: PaymentProvider;
  };
  /** The Stripe stand-in the configuration points at: it opens checkouts and signs events. */
  stripe: StripeStandIn;
  sessionSecret: string;
  createApiKey(userId: string, options?: { expiresAt?: Date }): Promise<string>;
  /** The headers Telnyx signs a webhook body with (Ed25519 over `timestamp|body`), with the test key. */
  signFaxEvent(body: string, timestampSeconds: number): Record<string, string>;
  /** Releases the database and stops the Stripe stand-in. */
  close(): Promise<void>;
}

/**
 * Builds the non-transport parts of a conformance target, so that an adapter's test only supplies
 * `fetch`: a fresh migrated database of the requested kind, a controllable clock, and a
 * configuration for `baseUrl`.
 *
 * The credential cache is off (`authCacheTtlMs: 0`) because scenarios revoke and expire credentials
 * and then expect the very next request to see it. The Host/Origin allow-list names the base URL's
 * host and the companion app's origin, so that DNS-rebinding protection is exercised on every target.
 *
 * @example
 * ```ts
 * const parts = await createTargetParts({ database: 'pglite', baseUrl: 'http://127.0.0.1:4321/mcp-server' });
 * const server = createFilingServer(parts.serverOptions);
 * ```
 */
export async function createTargetParts(options: {
  database: ConformanceDatabase;
  baseUrl: string;
  appUrl?: string;
}): Promise<TargetParts> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const appUrl = (options.appUrl ?? CONFORMANCE_APP_URL).replace(/\/+$/, '');
  const database = options.database === 'postgres' ? await createPostgresDb() : await createPGliteDb();
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  let stripe: StripeStandIn;
  try {
    stripe = await startStripeStandIn();
  } catch (error) {
    await database.close();
    throw error;
  }
  const clock = createControllableClock();
  const sessionSecret = randomBytes(32).toString('base64url');
  const faxKeys = generateKeyPairSync('ed25519');
  const config: ConformanceServerConfig = {
    baseUrl,
    appUrl,
    session: { secret: sessionSecret },
    requireAuth: 'tools/call',
    authCacheTtlMs: 0,
    rateLimits: false,
    allowedHosts: [new URL(baseUrl).host],
    allowedOrigins: [new URL(appUrl).origin, new URL(baseUrl).origin],
  };
  const providerSettings: ConformanceProviderSettings = {
    fax: {
      apiKey: 'KEY_conformance_never_used',
      connectionId: '1000000000000000001',
      fromNumber: '+13125550100',
      publicKey: Buffer.from(faxKeys.publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64'),
    },
    payments: {
      secretKey: STRIPE_TEST_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      apiBaseUrl: stripe.baseUrl,
      tiers: TEST_TIERS,
      extensionPrice: 'price_ext',
    },
  };
  return {
    db: database.db,
    databaseUrl: 'url' in database ? (database.url as string) : undefined,
    clock,
    config,
    providerSettings,
    // The providers an adapter builds from their settings.
    serverOptions: {
      db: database.db,
      config,
      fax: telnyxFaxProvider(providerSettings.fax),
      now: clock.now,
      payments: stripePaymentProvider(parseStripeSettings(providerSettings.payments)),
    },
    stripe,
    sessionSecret,
    async createApiKey(userId, keyOptions = {}) {
      const created = await createApiKey(database.db, {
        userId,
        ...(keyOptions.expiresAt ? { expiresAt: keyOptions.expiresAt } : {}),
      });
      return created.key;
    },
    signFaxEvent(body, timestampSeconds) {
      const timestamp = String(timestampSeconds);
      return {
        'content-type': 'application/json',
        'telnyx-timestamp': timestamp,
        'telnyx-signature-ed25519': sign(
          null,
          Buffer.from(`${timestamp}|${body}`),
          faxKeys.privateKey,
        ).toString('base64'),
      };
    },
    async close() {
      await stripe.close();
      await database.close();
    },
  };
}

/**
 * The environment a deployed entry (configured from `process.env`) needs to serve the same
 * configuration as `parts.serverOptions`, on the parts' PostgreSQL database.
 */
export function deployedEnvironment(parts: TargetParts): Record<string, string> {
  if (!parts.databaseUrl) throw new Error('a deployed entry reaches its database by URL: use PostgreSQL');
  return {
    DATABASE_URL: parts.databaseUrl,
    MCP_BASE_URL: parts.config.baseUrl,
    APP_URL: parts.config.appUrl,
    SESSION_JWT_SECRET: parts.sessionSecret,
    MCP_REQUIRE_AUTH: parts.config.requireAuth,
    AUTH_CACHE_TTL_MS: String(parts.config.authCacheTtlMs),
    ALLOWED_HOSTS: parts.config.allowedHosts.join(','),
    ALLOWED_ORIGINS: parts.config.allowedOrigins.join(','),
    TELNYX_API_KEY: parts.providerSettings.fax.apiKey,
    TELNYX_FAX_CONNECTION_ID: parts.providerSettings.fax.connectionId,
    FAX_FROM_NUMBER: parts.providerSettings.fax.fromNumber,
    TELNYX_PUBLIC_KEY: parts.providerSettings.fax.publicKey,
    STRIPE_SECRET_KEY: parts.providerSettings.payments.secretKey,
    STRIPE_WEBHOOK_SECRET: parts.providerSettings.payments.webhookSecret,
    STRIPE_API_BASE_URL: parts.providerSettings.payments.apiBaseUrl,
    BILLING_TIERS: parts.providerSettings.payments.tiers,
    STRIPE_EXTENSION_PRICE: parts.providerSettings.payments.extensionPrice,
  };
}
