// In-process A/B of protocol builds: `tools/list` on the 2025 and the 2026-07-28 wire, the core
// alone, CPU time per call. Each request is what node-http's bridge hands the core: headers read
// from a raw list, the body through `bodyBytesHook`, the answer taken as parts through
// `fixedResponseHook` (no Request or Response of undici to build), so the figure is the core's
// own work. The builds run in one process, alternating round by round; CPU time (not wall time)
// keeps a shared machine's waiting out of the figure, and the median discards bursts.
//
// Run: node bench/protocol-ab.mjs <checkout> [<checkout>...]   (each built: packages/protocol/dist)
// Env: ROUNDS (default 13, the first 2 discarded), CALLS (per sample, default 10,000).
import { resolve } from 'node:path';
import { z } from 'zod';
import { MODERN_META, MODERN_VERSION } from './lib/modern-meta.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 13);
const CALLS = Number(process.env.CALLS ?? 10_000);
const BODY = Symbol.for('@filing-mcp/protocol.bodyBytes');
const FIXED = Symbol.for('@filing-mcp/protocol.fixedResponse');

/** `Headers.get` over a raw [name, value, ...] list, repeats joined, as node-http's bridge reads them. */
class RawHeaders {
  constructor(raw) {
    this.raw = raw;
  }
  get(name) {
    const lower = name.toLowerCase();
    let value = null;
    for (let i = 0; i < this.raw.length; i += 2) {
      const key = this.raw[i];
      if (key.length === lower.length && key.toLowerCase() === lower) {
        value = value === null ? this.raw[i + 1] : `${value}, ${this.raw[i + 1]}`;
      }
    }
    return value;
  }
  has(name) {
    return this.get(name) !== null;
  }
}

class BridgeRequest {
  method = 'POST';
  url = 'http://localhost/mcp';
  constructor(bytes, raw) {
    this.bytes = bytes;
    this.headers = new RawHeaders(raw);
  }
  [BODY]() {
    return Promise.resolve(this.bytes);
  }
  [FIXED](parts) {
    return parts;
  }
  get signal() {
    return new AbortController().signal;
  }
}

function requestOf(message, headers) {
  const bytes = Buffer.from(JSON.stringify(message));
  const raw = Object.entries({
    host: 'localhost',
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...headers,
  }).flat();
  raw.push('content-length', String(bytes.length));
  return { bytes, raw };
}

const WIRES = {
  2025: requestOf({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-protocol-version': '2025-11-25' }),
  2026: requestOf(
    { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: MODERN_META } },
    { 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': 'tools/list' },
  ),
};

const builds = [];
for (const checkout of process.argv.slice(2)) {
  const { createMcpServer } = await import(resolve(checkout, 'packages/protocol/dist/index.js'));
  const tools = Array.from({ length: 18 }, (_, index) => ({
    name: `tool_${index}`,
    description: 'A tool that does one thing for a filing. '.repeat(4),
    inputSchema: z.object({ filing_id: z.string().describe('The filing'), year: z.number().optional() }),
    handler: async () => ({ content: [] }),
  }));
  const server = createMcpServer({
    serverInfo: { name: 'ab', version: '1.0.0' },
    tools,
    authenticate: async () => undefined,
    resourceMetadataUrl: 'http://localhost/.well-known/oauth-protected-resource',
  });
  builds.push({ checkout, server, us: { 2025: [], 2026: [] } });
}
if (builds.length === 0) throw new Error('usage: node bench/protocol-ab.mjs <checkout> [<checkout>...]');

async function sample(server, { bytes, raw }) {
  const before = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) {
    const answer = await server.fetch(new BridgeRequest(bytes, raw));
    if (answer.status !== 200) throw new Error(`status ${answer.status}`);
  }
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / CALLS;
}

for (let round = 0; round < ROUNDS; round++) {
  for (const build of builds) {
    for (const wire of ['2025', '2026']) {
      const us = await sample(build.server, WIRES[wire]);
      if (round >= 2) build.us[wire].push(us);
    }
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
for (const { checkout, us } of builds) {
  console.log(
    `${checkout}: tools/list ${median(us[2025]).toFixed(2)} us (2025), ${median(us[2026]).toFixed(2)} us (2026-07-28) of CPU a call`,
  );
}
