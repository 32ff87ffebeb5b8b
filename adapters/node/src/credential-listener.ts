import { createRequire } from 'node:module';
import { CREDENTIAL_ENDED_CHANNEL } from '@filing-mcp/oauth-core/kysely';
import type pg from 'pg';
import type { Logger } from './logger.js';

/** `application_name` of the listening connection, so an operator can find it in `pg_stat_activity`. */
export const CREDENTIAL_LISTENER_APPLICATION_NAME = 'filing-mcp credential listener';

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;
const HASH = /^[0-9a-f]{64}$/;

/** Options of {@link startCredentialListener}. */
export interface CredentialListenerOptions {
  /** A direct (session-mode) PostgreSQL URL: `LISTEN` needs a connection of its own. */
  connectionString: string;
  /** A credential (SHA-256 hex of an access token or API key) was ended by some process. */
  onEnded(credentialHash: string): void;
  /**
   * Announcements may have been missed (the connection was lost and is back): forget every cached
   * credential. Until the connection is back, cache entries still end with their TTL.
   */
  onGap(): void;
  logger: Logger;
}

/** A running listener; `close()` ends its connection and stops reconnecting. */
export interface CredentialListener {
  /** Resolves once the first `LISTEN` is in place (or failed; it then keeps retrying). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Listens on PostgreSQL's `NOTIFY` channel where the migrations' triggers announce every ended
 * credential (OAuth token revocation, code replay, refresh rotation and reuse, API-key deletion,
 * whichever process or CLI did it), so that this process stops accepting it at once. A lost
 * connection is retried with backoff (0.5 s doubling to 30 s); meanwhile the cache's TTL bounds
 * how long an ended credential can still pass, and on reconnection the whole cache is dropped.
 */
export function startCredentialListener(options: CredentialListenerOptions): CredentialListener {
  const { logger } = options;
  let closed = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;
  let connectedOnce = false;

  function scheduleReconnect(): void {
    if (closed || retryTimer !== undefined) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  async function connect(): Promise<void> {
    // Required here, not at import: a driver loaded before the OpenTelemetry SDK starts is one its
    // instrumentation cannot wrap (see database-connection.ts).
    const { Client } = createRequire(import.meta.url)('pg') as typeof pg;
    const current = new Client({
      connectionString: options.connectionString,
      application_name: CREDENTIAL_LISTENER_APPLICATION_NAME,
      keepAlive: true,
    });
    client = current;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      current.removeAllListeners('notification');
      current.end().catch(() => {});
      if (closed) return;
      logger.warn('credential_listener_lost', {
        ...(error && { errorName: error.name, errorCode: (error as { code?: string }).code }),
      });
      scheduleReconnect();
    };
    current.on('error', onLost);
    current.on('end', () => onLost());
    current.on('notification', (message) => {
      const payload = message.payload;
      if (message.channel === CREDENTIAL_ENDED_CHANNEL && payload !== undefined && HASH.test(payload)) {
        options.onEnded(payload);
      }
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${CREDENTIAL_ENDED_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (closed) {
      await current.end().catch(() => {});
      return;
    }
    retryMs = FIRST_RETRY_MS;
    // Whatever ended while nobody listened is unknown: verify everything again.
    options.onGap();
    logger.info(connectedOnce ? 'credential_listener_reconnected' : 'credential_listener_started', {});
    connectedOnce = true;
  }

  const ready = connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      await ready;
      await client?.end().catch(() => {});
    },
  };
}
