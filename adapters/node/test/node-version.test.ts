import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The `filing-mcp` command (and so `pnpm start`, which runs bin/check-node.js first) refuses a Node
// older than 22.18 with a message naming the supported versions. The test runs on a supported Node,
// so an older one is played by a preload that sets `process.version` before the command loads.
const BIN = fileURLToPath(new URL('../bin/filing-mcp.js', import.meta.url));
const CHECK = fileURLToPath(new URL('../bin/check-node.js', import.meta.url));

function run(script: string, version: string | undefined, args: string[]) {
  const preload =
    version === undefined
      ? []
      : ['--import', `data:text/javascript,Object.defineProperty(process,'version',{value:'${version}'})`];
  return spawnSync(process.execPath, [...preload, script, ...args], { encoding: 'utf8', timeout: 60_000 });
}

describe('filing-mcp on an unsupported Node.js', () => {
  for (const version of ['v20.20.2', 'v22.17.1', 'v18.20.8']) {
    it(`exits 1 on ${version}, naming the supported versions and how to get one, before loading the CLI`, () => {
      const result = run(BIN, version, ['--version']);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(
        `filing-mcp needs Node.js 22.18 or newer (22 LTS, 24 LTS or later); this is Node.js ${version}.`,
      );
      expect(result.stderr).toContain('npm install --prefix ~/.cache/node22 node@22');
    });
  }

  it('the check `pnpm start` runs first exits 1 the same way', () => {
    const result = run(CHECK, 'v20.20.2', []);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('this is Node.js v20.20.2');
  });

  for (const version of ['v22.18.0', 'v24.0.0', 'v26.1.0']) {
    it(`runs on ${version}`, () => {
      const result = run(BIN, version, ['--version']);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
      expect(result.status).toBe(0);
    });
  }
});
