import {
  createApiKey,
  createFilingServerWithConfig,
  migrateToLatest,
  resolveConfigFromEnv,
} from '@filing-mcp/filing-domain';
import { createPostgresDb } from '@filing-mcp/test-db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseConnection, openDatabase } from '../src/database-connection.js';
import { toolCallInit } from './support/http.js';

// The Node adapter's PostgreSQL pool sends the creates as named statements unless
// DATABASE_NAMED_STATEMENTS says false (docs/deploy-node.md): read back from the session's own
// pg_prepared_statements, on a pool of one connection.
describe.skipIf(process.env.TEST_DB === 'pglite')(
  'the Node adapter on PostgreSQL: named creates (PostgreSQL only: PGlite has no protocol-level statements)',
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDb>>;
    const opened: DatabaseConnection[] = [];

    beforeAll(async () => {
      database = await createPostgresDb();
      await migrateToLatest(database.db);
    }, 120_000);

    afterAll(async () => {
      for (const connection of opened) await connection.close();
      await database?.close();
    });

    async function createTwice(namedStatements?: boolean): Promise<string[]> {
      const connection = await openDatabase({
        databaseUrl: database.url,
        dataDir: '/nonexistent',
        database: { poolMax: 1, ...(namedStatements !== undefined && { namedStatements }) },
      });
      opened.push(connection);
      const { config } = await resolveConfigFromEnv(
        {
          MCP_BASE_URL: 'https://api.example.test/mcp-server',
          APP_URL: 'https://app.example.test',
          SESSION_JWT_SECRET: 'a-session-secret-long-enough-for-the-schema-0123',
        },
        { poolMax: 1 },
      );
      const server = createFilingServerWithConfig({ db: connection.db }, config);
      try {
        const { key } = await createApiKey(connection.db, { userId: `named-${namedStatements}` });
        for (let i = 0; i < 2; i++) {
          const response = await server.fetch(
            new Request(
              'https://api.example.test/mcp-server',
              toolCallInit(key, i, 'create_filing', { form_data: { llcName: 'Named Node LLC' } }),
            ),
          );
          expect(response.status).toBe(200);
          expect(
            ((await response.json()) as { result: { isError?: boolean } }).result.isError,
          ).toBeUndefined();
        }
        const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(
          connection.db,
        );
        return rows.map((row) => row.name);
      } finally {
        await server.close();
      }
    }

    it('prepares the create once by name by default', async () => {
      const names = await createTwice();
      expect(names).toHaveLength(1);
      expect(names[0]).toMatch(/^fm_create_filings_[0-9a-f]+$/);
    });

    it('prepares nothing by name with namedStatements false', async () => {
      expect(await createTwice(false)).toEqual([]);
    });
  },
);
