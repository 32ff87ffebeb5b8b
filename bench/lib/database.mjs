// The benchmark's PostgreSQL: a throwaway server (from @filing-mcp/test-db), migrated with the
// product's migrations, one API key for user `bench`, and a table of filings.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createApiKey, migrateToLatest } from '@filing-mcp/filing-domain';
import { startPostgresServer } from '@filing-mcp/test-db';
import { hasTaskset } from './children.mjs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';

/** The PostgreSQL server's process id (postmaster.pid's first line), when this user can read it. */
function postmasterPid(dataDirectory) {
  try {
    return Number(readFileSync(join(dataDirectory, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL's processes (the postmaster and every process it started) as [pid, fields of
 * /proc/<pid>/stat after the command name]; a process that ends while the list is read is left out.
 */
function databaseProcesses(postmaster) {
  const processes = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(entry) === postmaster || Number(fields[1]) === postmaster) processes.push([entry, fields]);
    } catch {
      // the process ended while the list was read
    }
  }
  return processes;
}

/**
 * Pins PostgreSQL (the postmaster and every process it started; later backends inherit it) to
 * `core`, where `taskset` exists: `--database-core 1` puts the database on the server's core, so
 * the load generator has core 0 to itself and the server and its database share one core; `'all'`
 * unpins it.
 */
export function pinDatabase(database, core) {
  if (!hasTaskset) return;
  const cores = core === 'all' ? `0-${availableParallelism() - 1}` : String(core);
  const postmaster = database.postmasterPid;
  if (postmaster === undefined) throw new Error('--database-core: the postmaster pid is unknown');
  for (const [pid] of databaseProcesses(postmaster)) {
    spawnSync('taskset', ['-a', '-cp', cores, pid], { stdio: 'ignore' });
  }
}

/** CPU ticks of PostgreSQL's processes, by pid. */
function databaseTicks(postmaster) {
  return new Map(
    databaseProcesses(postmaster).map(([pid, fields]) => [pid, Number(fields[11]) + Number(fields[12])]),
  );
}

/**
 * Starts reading PostgreSQL's CPU time; the function it answers gives the seconds used since, from
 * /proc, by every process that is still there (a backend that exits takes its time with it, so the
 * figure is at least what was used; the servers' pools keep their backends through a round).
 * Undefined without a known postmaster.
 */
export function databaseCpuMeter(database) {
  const postmaster = database.postmasterPid;
  if (postmaster === undefined) return undefined;
  const before = databaseTicks(postmaster);
  return () => {
    let ticks = 0;
    for (const [pid, now] of databaseTicks(postmaster)) ticks += now - (before.get(pid) ?? 0);
    return ticks / 100;
  };
}

/** The user every benchmark request acts for. */
export const BENCH_USER = 'bench';

/** A form_data of realistic size (about 1 KB), used for seeding and by create_filing. */
export function sampleFormData(index = 0) {
  return {
    taxYearBegin: '2024-01-01',
    taxYearEnd: '2024-12-31',
    llcName: `Bench Holdings ${index} LLC`,
    llcStreet: '1209 Orange Street',
    llcCity: 'Wilmington, DE 19801',
    ein: '12-3456789',
    totalAssets: '125000',
    businessActivity: 'Software consulting',
    businessActivityCode: '541511',
    isInitialYear: false,
    countryIncorporation: 'US-DE',
    dateIncorporation: '2021-03-15',
    taxResidentCountry: 'US',
    principalBusinessCountries: ['US', 'DE'],
    ownerName: 'Erika Mustermann',
    ownerStreet: 'Hauptstrasse 1',
    ownerCity: '10115 Berlin, Germany',
    ownerUSId: '',
    ownerRefId: 'REF-0001',
    ownerFTIN: 'DE123456789',
    ownerBusinessCountries: ['DE'],
    ownerCitizenship: 'DE',
    ownerTaxResidentCountry: 'DE',
    relatedParties: [{ id: 'rp-1', name: 'Erika Mustermann', relationship: '25% foreign shareholder' }],
    signerTitle: 'Managing Member',
    signatureDate: '2025-03-01',
    generateForm7004: false,
    generateLateFilingLetter: false,
  };
}

/**
 * Starts PostgreSQL, migrates, creates the API key and `filingCount` filings of user `bench`.
 * Answers the URL, the plaintext key, a sample of filing ids (for get_filing) and `stop()`.
 */
export async function setUpDatabase({ filingCount = 10_000, sampleSize = 256 } = {}) {
  const server = process.env.BENCH_DATABASE_URL
    ? { url: process.env.BENCH_DATABASE_URL, source: 'BENCH_DATABASE_URL', stop: async () => {} }
    : await startPostgresServer();
  const db = new Kysely({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: server.url, max: 2 }) }),
  });
  try {
    await migrateToLatest(db);
    const { key } = await createApiKey(db, { userId: BENCH_USER, name: 'bench' });
    // One statement for the whole table: generate_series, so 10k rows take well under a second.
    await sql`
      insert into filings (user_id, llc_name, ein, tax_year_begin, tax_year_end, status, form_data)
      select ${BENCH_USER}, 'Bench Holdings ' || n || ' LLC', '12-3456789', date '2024-01-01',
             date '2024-12-31', 'completed',
             jsonb_set(${JSON.stringify(sampleFormData())}::jsonb, '{llcName}', to_jsonb('Bench Holdings ' || n || ' LLC'))
        from generate_series(1, ${filingCount}::int) as n`.execute(db);
    await sql`analyze`.execute(db);
    const rows =
      await sql`select id from filings where user_id = ${BENCH_USER} order by random() limit ${sampleSize}`.execute(
        db,
      );
    const directory = await sql`select setting from pg_settings where name = 'data_directory'`.execute(db);
    return {
      url: server.url,
      source: server.source,
      postmasterPid: postmasterPid(directory.rows[0]?.setting),
      apiKey: key,
      filingIds: rows.rows.map((row) => row.id),
      filingCount,
      async stop() {
        await db.destroy();
        await server.stop();
      },
    };
  } catch (error) {
    await db.destroy().catch(() => {});
    await server.stop();
    throw error;
  }
}
