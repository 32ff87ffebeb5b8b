import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type DatabaseCoverageInput, databaseCoverageProblem } from '../src/database-coverage.js';

const base: DatabaseCoverageInput = {
  opened: new Set(),
  source: '',
  names: ['a file', 'a test'],
  allTestsRan: true,
  narrowed: false,
};

describe('databaseCoverageProblem', () => {
  it('passes a file that opens both kinds, or none', () => {
    expect(databaseCoverageProblem({ ...base, opened: new Set(['pglite', 'postgres']) })).toBeUndefined();
    expect(databaseCoverageProblem(base)).toBeUndefined();
  });

  it('fails a file that opens one kind without saying why, naming the kind and the way out', () => {
    expect(databaseCoverageProblem({ ...base, opened: new Set(['pglite']) })).toMatch(
      /opens PGlite only\. Run it on both databases .*"… \(PGlite only: <why>\)"/,
    );
    expect(databaseCoverageProblem({ ...base, opened: new Set(['postgres']) })).toMatch(
      /opens PostgreSQL only\./,
    );
  });

  it('accepts a reason in a describe or test name, for that kind only', () => {
    const names = ['races (PostgreSQL only: PGlite is one session)'];
    expect(databaseCoverageProblem({ ...base, opened: new Set(['postgres']), names })).toBeUndefined();
    expect(databaseCoverageProblem({ ...base, opened: new Set(['pglite']), names })).toMatch(
      /opens PGlite only/,
    );
    // The marker needs a reason after the colon.
    expect(
      databaseCoverageProblem({ ...base, opened: new Set(['postgres']), names: ['x (PostgreSQL only: )'] }),
    ).toMatch(/opens PostgreSQL only/);
  });

  it('counts PGlite opened in the source, and a kind a name says a child process opens', () => {
    expect(databaseCoverageProblem({ ...base, source: ['await PGlite', 'create(dir)'].join('.') })).toMatch(
      /opens PGlite only/,
    );
    expect(
      databaseCoverageProblem({
        ...base,
        opened: new Set(['postgres']),
        names: ['serve on the embedded database (PGlite in the child process)'],
      }),
    ).toBeUndefined();
  });

  it('stays silent where it cannot judge: TEST_DB narrowed the run, or tests were skipped', () => {
    expect(databaseCoverageProblem({ ...base, opened: new Set(['pglite']), narrowed: true })).toBeUndefined();
    expect(
      databaseCoverageProblem({ ...base, opened: new Set(['pglite']), allTestsRan: false }),
    ).toBeUndefined();
  });
});

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OPENS_A_DATABASE =
  /@filing-mcp\/test-db|@filing-mcp\/conformance|defineConformanceSuite|\bnew PGlite\(|\bPGlite\.create\(|TEST_DATABASE_URL/;

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : testFiles(path);
    return /\.test\.ts$/.test(entry) ? [path] : [];
  });
}

describe('the check is wired where databases are opened', () => {
  const packages = ['packages', 'adapters', 'examples'].flatMap((group) =>
    readdirSync(join(ROOT, group)).map((name) => join(ROOT, group, name)),
  );

  it('every package whose tests can open a database runs the database-coverage setup', () => {
    const unwired: string[] = [];
    let checked = 0;
    for (const dir of packages) {
      let config: string;
      try {
        config = readFileSync(join(dir, 'vitest.config.ts'), 'utf8');
      } catch {
        continue;
      }
      const test = join(dir, 'test');
      let files: string[] = [];
      try {
        files = testFiles(test);
      } catch {
        continue;
      }
      if (!files.some((file) => OPENS_A_DATABASE.test(readFileSync(file, 'utf8')))) continue;
      checked++;
      if (!/setupFiles:[^\]]*database-coverage/.test(config)) unwired.push(relative(ROOT, dir));
    }
    expect(unwired).toEqual([]);
    // oauth-core, filing-domain, conformance, test-db and the three adapters.
    expect(checked).toBeGreaterThanOrEqual(7);
  });
});
