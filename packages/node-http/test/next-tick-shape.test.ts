import { execFile } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const helper = pathToFileURL(fileURLToPath(new URL('../src/next-tick-shape.ts', import.meta.url))).href;

// A fresh Node process (the helper holds its entry once per process), loading the helper's source
// (Node strips its types). It lets the tick queue fill and empty, goes quiet, runs the kind of
// garbage collection V8 runs on an idle process (memory-reducing), then counts the queue entries
// still alive in a heap snapshot: objects with the `callback` and `args` of a next-tick entry.
const CHILD = `
import { getHeapSnapshot } from 'node:v8';
if (process.argv[1] === 'hold') (await import(${JSON.stringify(helper)})).holdNextTickShape();
for (let i = 0; i < 1000; i++) process.nextTick(() => {}, i);
await new Promise((resolve) => setImmediate(resolve));
globalThis.gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
const chunks = [];
for await (const chunk of getHeapSnapshot()) chunks.push(chunk);
const { snapshot, nodes, edges, strings } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const nodeFields = snapshot.meta.node_fields.length;
const edgeFields = snapshot.meta.edge_fields.length;
const edgeCountAt = snapshot.meta.node_fields.indexOf('edge_count');
const property = snapshot.meta.edge_types[0].indexOf('property');
let edge = 0;
let entries = 0;
for (let node = 0; node < nodes.length; node += nodeFields) {
  const names = new Set();
  for (let k = 0; k < nodes[node + edgeCountAt]; k++, edge += edgeFields) {
    if (edges[edge] === property) names.add(strings[edges[edge + 1]]);
  }
  if (names.has('callback') && names.has('args')) entries++;
}
console.log(JSON.stringify({ entries }));
`;

async function entriesAliveAfterIdleCollection(mode: 'hold' | 'none'): Promise<number> {
  const { stdout } = await run(process.execPath, ['--expose-gc', '--input-type=module', '-e', CHILD, mode], {
    timeout: 60_000,
  });
  return (JSON.parse(stdout.trim().split('\n').at(-1) as string) as { entries: number }).entries;
}

describe('holdNextTickShape', () => {
  it('keeps one next-tick queue entry alive through the collection an idle process gets', async () => {
    // Without it, the collection frees every entry, and with them the maps process.nextTick's
    // feedback points at (the case that makes every later call about ten times slower).
    expect(await entriesAliveAfterIdleCollection('none')).toBe(0);
    expect(await entriesAliveAfterIdleCollection('hold')).toBe(1);
  }, 120_000);
});
