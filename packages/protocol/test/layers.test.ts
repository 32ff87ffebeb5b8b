import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '..', 'scripts', 'check-layers.mjs');
const src = join(import.meta.dirname, '..', 'src');

/** Runs the layer check on `dir`: its exit status and what it printed. */
function check(dir: string): { status: number; output: string } {
  try {
    return { status: 0, output: execFileSync(process.execPath, [script, dir], { encoding: 'utf8' }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { status: failed.status, output: failed.stdout + failed.stderr };
  }
}

describe('the layer check (scripts/check-layers.mjs)', () => {
  let copy: string | undefined;
  afterEach(() => {
    if (copy !== undefined) rmSync(copy, { recursive: true, force: true });
    copy = undefined;
  });

  /** A copy of src/ with `line` appended to one of its files. */
  function planted(file: string, line: string): string {
    copy = mkdtempSync(join(tmpdir(), 'protocol-layers-'));
    cpSync(src, copy, { recursive: true });
    appendFileSync(join(copy, file), `\n${line}\n`);
    return copy;
  }

  it('passes on the package as it is', () => {
    const { status, output } = check(src);
    expect(output).toContain('No upward import');
    expect(status).toBe(0);
  });

  it('fails on a planted upward import, a type-only one included', () => {
    const { status, output } = check(
      planted('util/lazy-once.ts', "export type { McpServer } from '../mcp-server.js';"),
    );
    expect(status).toBe(1);
    expect(output).toContain('util/lazy-once.ts -> ../mcp-server.js: "util" may not import "."');
  });

  it('fails on an import between the two wires, which share a layer', () => {
    const { status, output } = check(
      planted('rev2025-11-25/wire.ts', "import type { Wire2026 } from '../rev2026-07-28/wire.js';"),
    );
    expect(status).toBe(1);
    expect(output).toContain('"rev2025-11-25" may not import "rev2026-07-28"');
  });

  it('fails on a folder that is in no layer', () => {
    const dir = planted('util/lazy-once.ts', '');
    cpSync(join(src, 'util'), join(dir, 'stray'), { recursive: true });
    const { status, output } = check(dir);
    expect(status).toBe(1);
    expect(output).toContain('the folder "stray" is in no layer');
  });
});
