import type pg from 'pg';

/** What differs between the serverless platforms; everything else of the bootstrap is shared. */
export interface ServerlessPlatform {
  /** Names the platform in the error report's lines: `[filing-mcp/<name>] ...`. */
  name: string;
  /** Pool size and idle timeout when `DATABASE_POOL_MAX` / `DATABASE_IDLE_TIMEOUT_MS` are unset. */
  poolDefaults: { poolMax: number; idleTimeoutMs: number };
  /** Environment variables holding the connection string, first set wins. Default `DATABASE_URL`. */
  connectionStringVariables?: string[];
  /**
   * Told about the pool once it exists, before its first query: Vercel registers it with
   * `attachDatabasePool` so that an instance is not suspended while idle connections still close.
   */
  onPool?(pool: pg.Pool): void | Promise<void>;
  /**
   * Opens the pool's first connection as soon as the pool exists, while the rest of the first
   * database request's modules load (Lambda: a container serves one request at a time, so the
   * round trips of TCP, TLS and authentication would otherwise come after).
   */
  warmPool?: boolean;
  /**
   * The directory the IRS form templates were shipped to beside the deployed code (`dist/templates/`
   * on Vercel, `dist/lambda/templates/` on Lambda), as a `file:` URL ending in `/`; the first packet
   * fails, naming it, when it holds none. Without it, irs-forms' own copy (a workspace or
   * node_modules install).
   */
  templates?: URL;
}
