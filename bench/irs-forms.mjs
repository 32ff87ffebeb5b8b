// `pnpm bench` (also alone: `pnpm --filter @filing-mcp/bench run bench:forms`): the IRS-forms
// packet, in one run:
//  1. CPU time of a single-member packet (pro forma 1120 + two 5472s), ours vs the straightforward
//     pdf-lib way (load each template, fill, flatten, merge), interleaved; both PDFs are checked to
//     show the same values on the 5472 page (pdftotext, when installed);
//  1b. the same for a packet whose two 5472s each carry a Part V statement (goal: ours at
//     most 1/5 of the straightforward time);
//  2. memory over 1,000 packets (heap after GC at 100, 500 and 1,000);
//  3. tools/list latency (p50/p99) idle, while packets are built on the Node adapter's worker thread,
//     and (for comparison) while they are built on the main thread.
// Run with --expose-gc (the script re-executes itself with it). Numbers on a shared machine are noisy.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { createFilingServer, migrateToLatest } from '@filing-mcp/filing-domain';
import { EXAMPLE_SINGLE_MEMBER_FILING, planPacket } from '@filing-mcp/irs-forms';
import { fillFormFields, PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { createPacketWorker } from '@filing-mcp/node';
import { Kysely, PGliteDialect } from 'kysely';
import { packetFilings } from './lib/packet-filings.mjs';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';

if (typeof globalThis.gc !== 'function') {
  const child = spawnSync(process.execPath, ['--expose-gc', ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(child.status ?? 1);
}

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    packets: { type: 'string', default: '1000' },
    'latency-seconds': { type: 'string', default: '5' },
  },
});

const require = createRequire(import.meta.url);
const templates = new Map();
function template(name) {
  if (!templates.has(name)) {
    templates.set(name, readFileSync(require.resolve(`@filing-mcp/irs-forms/templates/${name}`)));
  }
  return templates.get(name);
}

// Pro forma 1120 and two 5472s: the workload; and the same with two Part V statements (1b).
const { filing, withStatements } = packetFilings(EXAMPLE_SINGLE_MEMBER_FILING);
const originalWarn = console.warn;
console.warn = () => {}; // pdf-lib's XFA notice on every straightforward load

async function straightforwardPacket(formData = filing) {
  const plan = planPacket('5472', formData);
  const merged = await PDFDocument.create();
  for (const part of plan.parts) {
    if (part.kind === 'statement') {
      // A statement page the plain way: a new page, the caption and one line per transaction.
      const font = await merged.embedFont(StandardFonts.Helvetica);
      const page = merged.addPage([612, 792]);
      const lines = [
        `${formData.llcName} EIN ${formData.ein}`,
        `Form 5472, Part V: related party ${part.relatedParty.name}`,
        ...part.relatedParty.transactions.map((t) => `${t.kind} ${t.description ?? ''} ${t.amount}`),
      ];
      for (const [index, line] of lines.entries()) {
        page.drawText(line, { x: 72, y: 720 - index * 14, size: 10, font });
      }
      continue;
    }
    const filled = await fillFormFields(part.edition, part.input, template(part.edition.template), {
      flatten: true,
    });
    const pages = await merged.copyPages(filled, filled.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}

const builder = new PacketBuilder({ loadTemplate: template });
const oursPacket = async () => (await builder.build('5472', filing)).pdf;

function cpuMs(start) {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function measure(run) {
  const start = process.cpuUsage();
  const wall = performance.now();
  const pdf = await run();
  return { cpu: cpuMs(start), wall: performance.now() - wall, pdf };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

function pdfText(pdf, page) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-forms-'));
  try {
    writeFileSync(join(dir, 'p.pdf'), pdf);
    return execFileSync('pdftotext', ['-f', String(page), '-l', String(page), join(dir, 'p.pdf'), '-'], {
      encoding: 'utf8',
    });
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// 1. CPU per packet, interleaved.
const first = await measure(oursPacket);
const rounds = Number(flags.rounds);
const results = { straightforward: [], ours: [] };
let samples;
for (let round = 0; round < rounds; round++) {
  const a = await measure(straightforwardPacket);
  const b = await measure(oursPacket);
  results.straightforward.push(a.cpu);
  results.ours.push(b.cpu);
  samples = { straightforward: a.pdf, ours: b.pdf };
}
const expected = ['Acme Holdings LLC', '12-3456789', 'Maria Garcia'];
const sameValues = ['straightforward', 'ours'].map((name) => {
  const text = pdfText(samples[name], 7);
  return text === undefined ? 'pdftotext missing' : expected.every((value) => text.includes(value));
});
const cpu = {
  straightforward_ms: median(results.straightforward),
  ours_ms: median(results.ours),
  ours_first_packet_ms: first.cpu,
};
cpu.ratio = cpu.ours_ms / cpu.straightforward_ms;
console.log('packet CPU (median of %d, ms):', rounds, cpu, 'same values on the 5472 page:', sameValues);

// 1b. Two 5472s, each with its Part V statement, interleaved in the same run.
const statementRuns = { straightforward: [], ours: [] };
let statementSamples;
for (let round = 0; round < rounds; round++) {
  const a = await measure(() => straightforwardPacket(withStatements));
  const b = await measure(async () => (await builder.build('5472', withStatements)).pdf);
  statementRuns.straightforward.push(a.cpu);
  statementRuns.ours.push(b.cpu);
  statementSamples = { straightforward: a.pdf, ours: b.pdf };
}
const statementPages = await PDFDocument.load(statementSamples.ours);
const statementCpu = {
  straightforward_ms: median(statementRuns.straightforward),
  ours_ms: median(statementRuns.ours),
  pages: statementPages.getPageCount(),
};
statementCpu.ratio = statementCpu.ours_ms / statementCpu.straightforward_ms;
statementCpu.goal_at_most_one_fifth = statementCpu.ratio <= 0.2;
console.log(
  'packet with two 5472s and their Part V statements, CPU (median of %d, ms):',
  rounds,
  statementCpu,
);

// 2. Memory over N packets.
const packets = Number(flags.packets);
const heap = {};
for (let i = 1; i <= packets; i++) {
  await builder.build('5472', filing);
  if (i === 100 || i === Math.floor(packets / 2) || i === packets) {
    globalThis.gc();
    heap[i] = Math.round(process.memoryUsage().heapUsed / 1024 / 1024);
  }
}
const rss = Math.round(process.memoryUsage().rss / 1024 / 1024);
console.log('heap used after GC (MiB) by packets built:', heap, 'rss MiB:', rss);

// 3. tools/list latency idle and while packets are built in the same process.
const pglite = await PGlite.create();
const db = new Kysely({ dialect: new PGliteDialect({ pglite }) });
await migrateToLatest(db);
const server = createFilingServer({
  db,
  config: {
    baseUrl: 'http://127.0.0.1/mcp-server',
    appUrl: 'http://127.0.0.1/app',
    session: { secret: 'bench-session-secret-long-enough-0123456789' },
  },
});
const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
async function toolsListLatencies(seconds) {
  const latencies = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const scheduled = performance.now();
    // One request every 2 ms, as a client would send them: the latency includes any wait for the
    // event loop.
    await new Promise((resolve) => setTimeout(resolve, 2));
    const response = await server.fetch(
      new Request('http://127.0.0.1/mcp-server', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body,
      }),
    );
    await response.arrayBuffer();
    latencies.push(performance.now() - scheduled - 2);
  }
  return latencies;
}
const seconds = Number(flags['latency-seconds']);
async function whileBuilding(packetBuilder) {
  let building = true;
  let built = 0;
  const load = (async () => {
    while (building) {
      await packetBuilder.build('5472', filing);
      built++;
    }
  })();
  const latencies = await toolsListLatencies(seconds);
  building = false;
  await load;
  return { latencies, built };
}
// The Node adapter builds packets on a worker thread (createPacketWorker); the same builder on the
// main thread is shown for comparison. Two packets in flight at a time, as two users would.
const worker = createPacketWorker();
await worker.build('5472', filing); // start the worker and parse its templates
const idle = await toolsListLatencies(seconds);
const onWorker = await whileBuilding({
  build: (kind, data) => Promise.all([worker.build(kind, data), worker.build(kind, data)]),
});
const inProcess = await whileBuilding(builder);
const latency = {
  idle_p50_ms: percentile(idle, 50),
  idle_p99_ms: percentile(idle, 99),
  worker_p50_ms: percentile(onWorker.latencies, 50),
  worker_p99_ms: percentile(onWorker.latencies, 99),
  packets_built_on_worker: onWorker.built * 2,
  main_thread_p50_ms: percentile(inProcess.latencies, 50),
  main_thread_p99_ms: percentile(inProcess.latencies, 99),
  packets_built_on_main_thread: inProcess.built,
};
latency.p99_ratio = latency.worker_p99_ms / latency.idle_p99_ms;
console.log('tools/list latency:', latency);
await server.close();
await db.destroy();
console.warn = originalWarn;

const goals = {
  'ours <= 1/5 of the straightforward CPU': cpu.ratio <= 0.2,
  'two 5472s with Part V statements: ours <= 1/5 of the straightforward CPU': statementCpu.ratio <= 0.2,
  'no heap growth over the packets (< 10%)': heap[packets] <= Object.values(heap)[0] * 1.1,
  'tools/list p99 while packets build (worker) <= 2x idle p99': latency.p99_ratio <= 2,
};
console.log('goals:', goals);
console.log(JSON.stringify({ cpu, statementCpu, heap, rss, latency, goals, sameValues }));
// The packet worker and PGlite's WebAssembly runtime would keep the process waiting.
process.exit(0);
