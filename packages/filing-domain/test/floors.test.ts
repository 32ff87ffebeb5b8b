import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The floors of filing-domain's src (FLOORS in scripts/check-import-cycles.mjs,
// docs/architecture.md "Inside filing-domain"): no import may run up a floor, so that the deferred
// loads sit beneath their users (six lower folders once imported the server's module of loaders).
const script = join(import.meta.dirname, '..', '..', '..', 'scripts', 'check-import-cycles.mjs');
const src = join(import.meta.dirname, '..', 'src');

/** Runs the floor check on `dir`: its exit status and what it printed. */
function check(dir: string): { status: number; output: string } {
  const args = [script, '--floors', 'packages/filing-domain', dir];
  try {
    return { status: 0, output: execFileSync(process.execPath, args, { encoding: 'utf8' }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { status: failed.status, output: failed.stdout + failed.stderr };
  }
}

describe('the floors of filing-domain (scripts/check-import-cycles.mjs --floors)', () => {
  let copy: string | undefined;
  afterEach(() => {
    if (copy !== undefined) rmSync(copy, { recursive: true, force: true });
    copy = undefined;
  });

  /** A copy of src/ with `line` appended to one of its files. */
  function planted(file: string, line: string): string {
    copy = mkdtempSync(join(tmpdir(), 'filing-domain-floors-'));
    cpSync(src, copy, { recursive: true });
    appendFileSync(join(copy, file), `\n${line}\n`);
    return copy;
  }

  it('passes on the package as it is', () => {
    const { status, output } = check(src);
    expect(output).toContain('No import runs up a floor in packages/filing-domain.');
    expect(status).toBe(0);
  });

  it('fails on a lower folder loading a module of the server, as six once imported its loaders', () => {
    const { status, output } = check(
      planted(
        'tools/filing-tools.ts',
        "export const loadParts = () => import('../server/database-parts.js');",
      ),
    );
    expect(status).toBe(1);
    expect(output).toContain(
      'tools/filing-tools.ts -> ../server/database-parts.js: "tools" (floor 3) may not import "server" (floor 4)',
    );
  });

  it('fails on a type-only import from the ground floor up', () => {
    const { status, output } = check(
      planted('loading/loaders.ts', "export type { FilingServer } from '../server/filing-server.js';"),
    );
    expect(status).toBe(1);
    expect(output).toContain('"loading" (floor 1) may not import "server" (floor 4)');
  });

  it('holds a file named on its own floor to that floor', () => {
    const { status, output } = check(
      planted('storage/migrations.ts', "import type { FilingServer } from '../server/filing-server.js';"),
    );
    expect(status).toBe(1);
    expect(output).toContain('"storage/migrations.ts" (floor 3) may not import "server" (floor 4)');
  });

  it('fails on a folder that is on no floor', () => {
    const dir = planted('loading/loaders.ts', '');
    cpSync(join(src, 'loading'), join(dir, 'stray'), { recursive: true });
    const { status, output } = check(dir);
    expect(status).toBe(1);
    expect(output).toContain('"stray" is on no floor');
  });
});
