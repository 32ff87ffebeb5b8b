// The database's side of get_filing and create_filing, alone: pgbench (extended protocol, unnamed
// statements, as the pg driver sends them) runs each statement against the bench's database (a
// throwaway PostgreSQL, 10,000 filings of user `bench` sharing one EIN and year), in interleaved
// rounds, and reads PostgreSQL's CPU time per statement from /proc. See bench/README.md.
//
//   node bench/database-statements.mjs [--rounds 3] [--duration 5] [--clients 10] [--only <name>]
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { BENCH_USER, sampleFormData, setUpDatabase } from './lib/database.mjs';
import { median } from './lib/median.mjs';

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    clients: { type: 'string', default: '10' },
    only: { type: 'string', multiple: true },
  },
});

const COLUMNS = `id, llc_name, ein, to_char(tax_year_begin, 'YYYY-MM-DD') as tax_year_begin,
  to_char(tax_year_end, 'YYYY-MM-DD') as tax_year_end, status, created_at, form_data`;
const INSERT = `(user_id, llc_name, ein, tax_year_begin, tax_year_end, status, form_data)
  values (:user, :name, :ein, :begin::date, :end::date, 'completed', :form::jsonb) returning id`;
const CREATE_ARGS = `(:user, :name, :ein, 2024, :begin::date, :end::date, 'completed', :form::jsonb)`;
// A different EIN on each call (:n is drawn before every statement): the lookup finds none.
const NEW_EIN_ARGS = `(:user, :name, '9' || :n::text, 2024, :begin::date, :end::date, 'completed', :form::jsonb)`;

/**
 * Each statement as the server sends it. `filings_71f8511` is `filings` with the indexes of 71f8511
 * (before the duplicate lookup): its primary key and the list index.
 */
const STATEMENTS = {
  'get 71f8511 (one row)': `select ${COLUMNS} from filings where id = :id::uuid and user_id = :user`,
  'get 35676c0 (three exists)': `select ${COLUMNS},
    exists (select 1 from signed_copies where filing_id = :id::uuid and user_id = :user)
    or exists (select 1 from fax_logs where filing_id = :id::uuid and user_id = :user)
    or exists (select 1 from filed_returns where filing_id = :id::uuid and user_id = :user) as has_submissions
    from filings where id = :id::uuid and user_id = :user`,
  'get has_submissions': `select ${COLUMNS}, has_submissions from filings where id = :id::uuid and user_id = :user`,
  'create 71f8511 (insert, 2 indexes)': `insert into filings_71f8511 ${INSERT}`,
  'create insert (3 indexes)': `insert into filings ${INSERT}`,
  'create 0005 function, 20 duplicates': `select new_id as id, duplicates from filings_create${CREATE_ARGS}`,
  'create 0005 function, new EINs': `select new_id as id, duplicates from filings_create${NEW_EIN_ARGS}`,
  'create 0008 function, 20 duplicates': `select filings_create_ids${CREATE_ARGS} as ids`,
  'create 0008 function, new EINs': `select filings_create_ids${NEW_EIN_ARGS} as ids`,
  'create 0008 function as text, new EINs': `select array_to_string(filings_create_ids${NEW_EIN_ARGS}, ',') as ids`,
  // The same calls as named (protocol-level) prepared statements: parsed and planned once per
  // connection, where an unnamed statement is parsed and planned on every call.
  'create 0008 function, prepared, 20 duplicates': {
    prepared: `select filings_create_ids${CREATE_ARGS} as ids`,
  },
  'create 0008 function, prepared, new EINs': { prepared: `select filings_create_ids${NEW_EIN_ARGS} as ids` },
  'create one statement, prepared, 20 duplicates': { prepared: oneStatement(':ein') },
  'create one statement, prepared, new EINs': { prepared: oneStatement(`'9' || :n::text`) },
};

/** The lookup and the insert as one statement (no function): the lookup reads the snapshot before the insert. */
function oneStatement(ein) {
  return `with found as (select f.id from filings f where f.user_id = :user and f.ein = ${ein}
      and (extract(year from coalesce(f.tax_year_begin, f.tax_year_end))::int) = 2024
      order by f.created_at desc, f.id desc limit 20),
    made as (insert into filings (user_id, llc_name, ein, tax_year_begin, tax_year_end, status, form_data)
      values (:user, :name, ${ein}, :begin::date, :end::date, 'completed', :form::jsonb) returning id)
    select (select id from made)::text || coalesce(',' || (select string_agg(id::text, ',') from found), '') as ids`;
}

/**
 * PostgreSQL's CPU seconds so far: every live process of the postmaster, plus what its exited
 * children used (the postmaster's cutime and cstime), so pgbench's backends count after they end.
 */
function databaseSeconds(postmaster) {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(entry) === postmaster) ticks += Number(fields[13]) + Number(fields[14]);
      if (Number(entry) === postmaster || Number(fields[1]) === postmaster) {
        ticks += Number(fields[11]) + Number(fields[12]);
      }
    } catch {
      // the process ended while the list was read
    }
  }
  return ticks / 100;
}

function pgbench(url, statement, variables, seconds, clients) {
  const prepared = typeof statement !== 'string';
  const script = prepared ? statement.prepared : statement;
  const directory = mkdtempSync(join(tmpdir(), 'pgbench-'));
  try {
    const file = join(directory, 'script.sql');
    writeFileSync(file, `\\set n random(10000000, 99999999)\n${script.replace(/\s+/g, ' ')};\n`);
    const defines = Object.entries(variables).flatMap(([name, value]) => ['-D', `${name}=${value}`]);
    const output = execFileSync(
      'pgbench',
      [
        '-n',
        '-M',
        prepared ? 'prepared' : 'extended',
        '-c',
        String(clients),
        '-j',
        '1',
        '-T',
        String(seconds),
        ...defines,
        '-f',
        file,
        url,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const transactions = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1]);
    const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
    return { transactions, failed, tps };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const database = await setUpDatabase();
const db = new Kysely({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 1 }) }),
});
try {
  await sql`create table filings_71f8511 (like filings including defaults)`.execute(db);
  await sql`alter table filings_71f8511 add primary key (id)`.execute(db);
  await sql`create index on filings_71f8511 (user_id, created_at desc)`.execute(db);
  await sql`insert into filings_71f8511 select * from filings`.execute(db);
  await sql`vacuum analyze`.execute(db);
  const form = sampleFormData(1);
  const variables = {
    user: BENCH_USER,
    id: database.filingIds[0],
    name: form.llcName,
    ein: form.ein,
    begin: form.taxYearBegin,
    end: form.taxYearEnd,
    form: JSON.stringify(form),
  };
  const names = Object.keys(STATEMENTS).filter(
    (name) => !flags.only || flags.only.some((only) => name.includes(only)),
  );
  const results = new Map(names.map((name) => [name, []]));
  for (let round = 1; round <= Number(flags.rounds); round++) {
    for (const name of names) {
      const before = databaseSeconds(database.postmasterPid);
      const run = pgbench(database.url, STATEMENTS[name], variables, flags.duration, flags.clients);
      const seconds = databaseSeconds(database.postmasterPid) - before;
      const usPer = (seconds * 1e6) / run.transactions;
      results.get(name).push({ ...run, usPer });
      console.log(
        `round ${round} ${name}: ${Math.round(run.tps)} a second, PostgreSQL ${Math.round(usPer)} us each${run.failed ? `, ${run.failed} failed` : ''}`,
      );
    }
  }
  console.log('\n| statement | a second (median, min-max) | PostgreSQL CPU us each (median, least) |');
  console.log('| --- | ---: | ---: |');
  for (const [name, runs] of results) {
    const tps = runs.map((run) => run.tps);
    const us = runs.map((run) => run.usPer);
    console.log(
      `| ${name} | ${Math.round(median(tps))} (${Math.round(Math.min(...tps))}-${Math.round(Math.max(...tps))}) | ${Math.round(median(us))} (${Math.round(Math.min(...us))}) |`,
    );
  }
} finally {
  await db.destroy();
  await database.stop();
}
