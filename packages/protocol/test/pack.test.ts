// The package as a stranger gets it: `pnpm pack` (workspace and catalog versions resolved), a fresh
// project outside the repository, `npm install` of the tarball (its dependencies from the
// registry), and a tool served from the installed copy. Needs `pnpm build` first (dist/).
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const cleanup: string[] = [];

afterAll(async () => {
  for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
});

const SERVER = `
import { createMcpServer, defineTool } from '@filing-mcp/protocol';
import { z } from 'zod';

const mcp = createMcpServer({
  serverInfo: { name: 'packed', version: '0.0.0' },
  requireAuth: 'none',
  tools: [
    defineTool({
      name: 'add',
      description: 'Adds two numbers',
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      handler: ({ a, b }) => ({ sum: a + b }),
    }),
  ],
});
const response = await mcp.fetch(
  new Request('http://localhost/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } }),
  }),
);
console.log(JSON.stringify({ status: response.status, body: await response.json() }));
`;

describe('the packed package in a fresh project', () => {
  it('installs with npm from the pnpm pack tarball and serves a tool', async () => {
    const packDir = await mkdtemp(join(tmpdir(), 'protocol-pack-'));
    const projectDir = await mkdtemp(join(tmpdir(), 'protocol-consumer-'));
    cleanup.push(packDir, projectDir);
    await run('pnpm', ['pack', '--pack-destination', packDir], { cwd: packageDir });
    const [tarball] = (await readdir(packDir)).filter((name) => name.endsWith('.tgz'));
    expect(tarball).toMatch(/^filing-mcp-protocol-[0-9.]+\.tgz$/);
    await writeFile(
      join(projectDir, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', join(packDir, tarball!), 'zod@4.6.7'],
      { cwd: projectDir },
    );
    await writeFile(join(projectDir, 'server.mjs'), SERVER);
    const { stdout } = await run(process.execPath, ['server.mjs'], { cwd: projectDir });
    expect(JSON.parse(stdout)).toEqual({
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: '{"sum":5}' }], structuredContent: { sum: 5 } },
      },
    });
  }, 240_000);
});
