#!/usr/bin/env node
// Start-and-call smoke test of the built Node adapter on whatever `node` runs it (.ci/run runs it on
// Node 24 after the whole suite ran on Node 22): creates an API key, starts `filing-mcp serve` on the
// embedded database in a temporary directory, and calls initialize, tools/list and tools/call
// (list_filings with the key) over real HTTP. Exits 0 when every answer is what a client expects.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../adapters/node/bin/filing-mcp.js', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'filing-mcp-smoke-'));
const port = await new Promise((resolve, reject) => {
  const server = createServer().once('error', reject);
  server.listen(0, '127.0.0.1', () => {
    const { port: free } = server.address();
    server.close(() => resolve(free));
  });
});
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
let server;

function fail(message) {
  console.error(`smoke (Node ${process.version}): ${message}`);
  process.exitCode = 1;
}

try {
  const created = spawnSync(process.execPath, [cli, 'api-key', 'create', '--user', 'smoke'], {
    env,
    encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(`api-key create exited ${created.status}: ${created.stderr}`);
  const key = created.stdout.trim();

  server = spawn(process.execPath, [cli, 'serve'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  server.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`serve exited ${server.exitCode}: ${stderr}`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`not ready after 60 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const call = async (method, params, headers = {}) => {
    const response = await fetch(`${base}/mcp-server`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const text = await response.text();
    const json = text.startsWith('{') ? text : /^data: (.*)$/m.exec(text)?.[1];
    if (!response.ok || json === undefined) throw new Error(`${method}: HTTP ${response.status} ${text}`);
    return JSON.parse(json);
  };
  const init = await call('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'smoke', version: '1' },
  });
  if (init.result?.serverInfo?.name === undefined) throw new Error(`initialize: ${JSON.stringify(init)}`);
  const tools = await call('tools/list', {});
  const names = (tools.result?.tools ?? []).map((tool) => tool.name);
  if (!names.includes('list_filings')) throw new Error(`tools/list: ${JSON.stringify(tools)}`);
  const listed = await call(
    'tools/call',
    { name: 'list_filings', arguments: {} },
    { authorization: `Bearer ${key}` },
  );
  if (listed.result?.isError !== false && listed.result?.isError !== undefined) {
    throw new Error(`tools/call list_filings: ${JSON.stringify(listed)}`);
  }
  if (listed.result?.content === undefined)
    throw new Error(`tools/call list_filings: ${JSON.stringify(listed)}`);
  console.log(
    `smoke (Node ${process.version}): serve answered initialize (${init.result.serverInfo.name} ` +
      `${init.result.serverInfo.version}), tools/list (${names.length} tools) and list_filings with an API key.`,
  );
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
