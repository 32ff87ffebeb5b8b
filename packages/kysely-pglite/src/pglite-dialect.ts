import type { PGlite } from '@electric-sql/pglite';
import {
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  type QueryCompiler,
} from 'kysely';

/** Options of {@link PGliteDialect}. */
export interface PGliteDialectConfig {
  /** A PGlite instance, or a function that creates one lazily on the first query. */
  pglite: PGlite | (() => Promise<PGlite>);
  /** Close the PGlite instance when Kysely is destroyed. Default true. */
  closeOnDestroy?: boolean;
}

/**
 * Kysely dialect for PGlite (PostgreSQL compiled to WebAssembly, in-process).
 *
 * PGlite is a single PostgreSQL session, so this dialect hands out one logical connection at a
 * time: a transaction holds the session until it commits or rolls back, and other queries wait.
 * Everything else (SQL compilation, introspection, migrations' locking) is Kysely's own Postgres
 * dialect, so the same queries run on PGlite and on a real PostgreSQL server.
 *
 * @example
 * ```ts
 * const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: new PGlite('./.data') }) });
 * ```
 */
export class PGliteDialect implements Dialect {
  readonly #postgres: PostgresDialect;

  constructor(config: PGliteDialectConfig) {
    this.#postgres = new PostgresDialect({ pool: async () => new PGlitePool(config) });
  }

  createDriver(): Driver {
    return this.#postgres.createDriver();
  }

  createQueryCompiler(): QueryCompiler {
    return this.#postgres.createQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return this.#postgres.createAdapter();
  }

  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.#postgres.createIntrospector(db);
  }
}

const WRITE_COMMAND = /^\s*(?:--[^\n]*\n\s*)*(insert|update|delete|merge)\b/i;

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** A pool of exactly one connection: the PGlite session, handed out in turn. */
class PGlitePool implements PostgresPool {
  readonly #config: PGliteDialectConfig;
  #pglite: Promise<PGlite> | undefined;
  /** Tail of the queue of borrowers; each waits for the previous one to release. */
  #queue: Promise<void> = Promise.resolve();

  constructor(config: PGliteDialectConfig) {
    this.#config = config;
  }

  #instance(): Promise<PGlite> {
    if (!this.#pglite) {
      const source = this.#config.pglite;
      this.#pglite = typeof source === 'function' ? source() : Promise.resolve(source);
    }
    return this.#pglite;
  }

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#queue;
    this.#queue = previous.then(() => released);
    await previous;
    const pglite = await this.#instance();
    let done = false;
    const client = {
      async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        const result = await pglite.query<R>(sql, parameters as unknown[]);
        // The server's own command tag ("UPDATE 2" for `WITH ... UPDATE`): the statement's text
        // cannot tell what a statement starting with WITH (or a comment) did.
        const tag = (result as { command?: string }).command?.toUpperCase();
        const write = (
          tag !== undefined
            ? WRITES.has(tag)
              ? tag
              : undefined
            : WRITE_COMMAND.exec(sql)?.[1]?.toUpperCase()
        ) as PostgresQueryResult<R>['command'] | undefined;
        return {
          command: write ?? 'SELECT',
          rowCount: write ? (result.affectedRows ?? 0) : result.rows.length,
          rows: result.rows,
        };
      },
      release() {
        if (done) return;
        done = true;
        release();
      },
    };
    return client as PostgresPoolClient;
  }

  async end(): Promise<void> {
    if (this.#config.closeOnDestroy === false || !this.#pglite) return;
    const pglite = await this.#pglite;
    await this.#queue;
    if (!pglite.closed) await pglite.close();
  }
}
