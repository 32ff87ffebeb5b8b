import type { FilingDatabase } from '@filing-mcp/filing-domain';
import { migrateToLatest } from '@filing-mcp/filing-domain';
import type { Kysely } from 'kysely';
import { type DataDirLock, lockDataDir } from '../data-dir-lock.js';
import { openDatabase } from '../database-connection.js';
import type { NodeSettings } from '../settings.js';

/**
 * Runs `work` on the configured database (PostgreSQL at DATABASE_URL, or the embedded one, locked
 * against a running `serve`) and closes it afterwards, also when `work` throws. The embedded
 * database is migrated first, so that a fresh data directory needs no `migrate`; PostgreSQL is
 * not, because schema changes to a shared database belong to an explicit `migrate` (which passes
 * `premigrate: false`, to report what it applies itself).
 */
export async function withDatabase<T>(
  settings: NodeSettings,
  command: string,
  work: (db: Kysely<FilingDatabase>) => Promise<T>,
  options: { premigrate?: boolean } = {},
): Promise<T> {
  let lock: DataDirLock | undefined;
  if (settings.databaseUrl === undefined) lock = lockDataDir(settings.dataDir, { command });
  try {
    const database = await openDatabase({
      dataDir: settings.dataDir,
      poolMax: 2,
      // Commands (migrate above all) may run longer statements than a request should.
      database: { statementTimeoutMs: 3_600_000 },
      ...(settings.databaseUrl !== undefined && { databaseUrl: settings.databaseUrl }),
    });
    try {
      if (database.kind === 'embedded' && options.premigrate !== false) await migrateToLatest(database.db);
      return await work(database.db);
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}
