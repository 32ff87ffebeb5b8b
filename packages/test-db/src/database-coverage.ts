import { readFileSync } from 'node:fs';
import { afterAll, type RunnerTask, type RunnerTestFile, type RunnerTestSuite } from 'vitest';
import { type DatabaseKind, openedDatabases, resetOpenedDatabases } from './opened-databases.js';

/**
 * Vitest setup file (`setupFiles: ['@filing-mcp/test-db/database-coverage']`): fails a test file
 * that opened only one kind of database without saying why in a test or describe name.
 *
 * What counts as opened: every `createPGliteDb`/`createPostgresDb` call (so `testDatabases()` and
 * the conformance targets too), a `new PGlite(`/`PGlite.create(` in the file's source, and a kind
 * a name says a child process opens: `(PGlite in the child process)`. A file that opens only one
 * kind names why, e.g. `describe('… (PostgreSQL only: row locks across connections)')`.
 *
 * The check stays silent where it cannot judge: a run narrowed with `TEST_DB`, and a file some of
 * whose tests were skipped or filtered out.
 */
resetOpenedDatabases();

// biome-ignore lint/correctness/noEmptyPattern: Vitest wants a destructuring pattern there (it reads fixtures from it).
afterAll(({}, suite) => {
  const file = suite as RunnerTestFile;
  const problem = databaseCoverageProblem({
    opened: openedDatabases(),
    source: file.filepath ? readFileSync(file.filepath, 'utf8') : '',
    names: taskNames(file),
    allTestsRan: allTestsRan(file),
    narrowed: Boolean(process.env.TEST_DB),
  });
  if (problem) throw new Error(problem);
});

const LABEL: Record<DatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** What the check looks at in one test file. */
export interface DatabaseCoverageInput {
  /** Kinds the test-db creators recorded while the file ran. */
  opened: ReadonlySet<DatabaseKind>;
  /** The file's source text. */
  source: string;
  /** Every describe and test name in the file. */
  names: readonly string[];
  /** False when a test was skipped or filtered out: the opens seen may then be partial. */
  allTestsRan: boolean;
  /** True when `TEST_DB` keeps one kind on purpose. */
  narrowed: boolean;
}

/** Why a test file breaks the both-databases rule, or undefined when it does not. */
export function databaseCoverageProblem(input: DatabaseCoverageInput): string | undefined {
  if (input.narrowed || !input.allTestsRan) return undefined;
  const kinds = new Set(input.opened);
  if (/\bnew PGlite\(|\bPGlite\.create\(/.test(input.source)) kinds.add('pglite');
  for (const name of input.names) {
    if (/\(PGlite in the child process\)/.test(name)) kinds.add('pglite');
    if (/\(PostgreSQL in the child process\)/.test(name)) kinds.add('postgres');
  }
  if (kinds.size !== 1) return undefined;
  const [kind] = [...kinds] as [DatabaseKind];
  const marker = new RegExp(`\\b${LABEL[kind]} only: \\w`);
  if (input.names.some((name) => marker.test(name))) return undefined;
  const other = kind === 'pglite' ? 'postgres' : 'pglite';
  return (
    `This test file opens ${LABEL[kind]} only. Run it on both databases (describe.each(testDatabases()) from ` +
    `@filing-mcp/test-db), or say why one is enough in a describe or test name: "… (${LABEL[kind]} only: <why>)". ` +
    `(No ${other} database was opened.)`
  );
}

function taskNames(task: RunnerTask): string[] {
  const names = [task.name];
  if ('tasks' in task) for (const child of (task as RunnerTestSuite).tasks) names.push(...taskNames(child));
  return names;
}

function allTestsRan(task: RunnerTask): boolean {
  if (task.mode === 'skip' || task.mode === 'todo') return false;
  if ('tasks' in task) return (task as RunnerTestSuite).tasks.every(allTestsRan);
  return true;
}
