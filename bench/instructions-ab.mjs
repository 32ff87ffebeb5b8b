// Instructions a request, build against build: ours as built in each checkout, run under
// valgrind's callgrind on the benchmark's database, is warmed up, its counters zeroed, then sent
// N requests of a workload and its counters dumped. An instruction count does not move with the
// machine's load as CPU time does (one build read 141 to 524 us of CPU a create in one run of
// otel-cost.mjs on 2026-12-02), so a few percent between builds shows.
//
// Run: node bench/instructions-ab.mjs <label>=<checkout> [<label>=<checkout>...]   (each built)
// Env: WORKLOADS (comma list, default create_filing and create_filing new EINs), WARM (requests
// before the first workload's count, 1,500; a third of it before each later one), N (1,000),
// CONCURRENCY (10), OUT (callgrind files' prefix, default a scratch folder's). Needs valgrind.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setUpDatabase } from './lib/database.mjs';
import { logger, oursEnv, scratchFolder } from './lib/harness.mjs';
import { headersFor, WORKLOADS } from './lib/workloads.mjs';

const WARM = Number(process.env.WARM ?? 1500);
const N = Number(process.env.N ?? 1000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const workloadNames = (process.env.WORKLOADS ?? 'create_filing,create_filing new EINs').split(',');
const builds = process.argv.slice(2).map((arg) => arg.split('='));
if (builds.length === 0 || builds.some((build) => build.length !== 2)) {
  throw new Error('usage: node bench/instructions-ab.mjs <label>=<checkout> ...');
}
const log = logger('instructions');
const scratch = scratchFolder('instructions-ab');
const out = process.env.OUT ?? join(scratch.path, 'callgrind');
const database = await setUpDatabase({ filingCount: 10_000 });
const children = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Ours of `checkout` under callgrind (all its threads counted together); answers its port. */
async function start(label, checkout) {
  const file = `${out}.${label}.%p`;
  const args = ['--tool=callgrind', `--callgrind-out-file=${file}`, process.execPath];
  const child = spawn('valgrind', [...args, join(checkout, 'bench', 'servers', 'ours.mjs')], {
    env: { ...process.env, ...oursEnv(database) },
    // fd 3: the server's ready line (bench/lib/report.mjs); its request log goes nowhere.
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const port = await new Promise((resolve, reject) => {
    let text = '';
    child.stdio[3].on('data', (chunk) => {
      text += chunk;
      const ready = /"port":\s*(\d+)/.exec(text);
      if (ready) resolve(Number(ready[1]));
    });
    child.on('exit', (code) => reject(new Error(`${label} exited ${code}: ${stderr.slice(-2000)}`)));
  });
  return { child, url: `http://127.0.0.1:${port}/mcp-server` };
}

/**
 * Sends `count` requests, CONCURRENCY at a time; answers how many were not a tool's success. A
 * request whose kept-alive socket the slowed server closed is sent again (it never ran).
 */
async function send(url, headers, bodies, count, offset) {
  let next = 0;
  let failed = 0;
  async function worker() {
    while (next < count) {
      const body = bodies[(offset + next++) % bodies.length];
      for (let attempt = 0; ; attempt++) {
        try {
          const response = await fetch(url, { method: 'POST', headers, body });
          const text = await response.text();
          if (response.status !== 200 || text.includes('"isError":true')) failed++;
          break;
        } catch (error) {
          if (attempt >= 3) throw error;
        }
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return failed;
}

/** The `summary:` (total instructions) of the newest dump of `pid`. */
function instructionsOfDump(pid, index) {
  const text = readFileSync(`${out}.${pid.label}.${pid.pid}.${index}`, 'utf8');
  return Number(/^summary:\s*(\d+)/m.exec(text)?.[1]);
}

const rows = [];
try {
  await Promise.all(
    builds.map(async ([label, checkout]) => {
      const { child, url } = await start(label, checkout);
      let offset = 0;
      for (const [index, name] of workloadNames.entries()) {
        const workload = WORKLOADS.find((w) => w.name === name);
        if (workload === undefined) throw new Error(`unknown workload ${name}`);
        const headers = headersFor(workload, database.apiKey);
        const bodies = workload.bodies(database);
        const warm = index === 0 ? WARM : Math.ceil(WARM / 3);
        const warmFailed = await send(url, headers, bodies, warm, offset);
        offset += warm;
        execFileSync('callgrind_control', ['-z', String(child.pid)], { stdio: 'ignore' });
        const failed = await send(url, headers, bodies, N, offset);
        offset += N;
        execFileSync('callgrind_control', ['-d', name.replaceAll(' ', '_'), String(child.pid)], {
          stdio: 'ignore',
        });
        if (warmFailed + failed > 0) throw new Error(`${label} ${name}: ${warmFailed + failed} failed`);
        const instructions = instructionsOfDump({ label, pid: child.pid }, index + 1);
        rows.push({ name, label, perRequest: instructions / N });
        log(`${label} ${name}: ${(instructions / N / 1e6).toFixed(3)} M instructions a request`);
      }
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
    }),
  );
} finally {
  await database.stop();
  if (process.env.OUT === undefined) scratch.remove();
}
const first = builds[0][0];
process.stdout.write(
  `\n${N} requests a workload, ${CONCURRENCY} at a time, after warming up\n` +
    `| workload | build | M instructions a request | / ${first} |\n|---|---|---:|---:|\n`,
);
for (const name of workloadNames) {
  const base = rows.find((row) => row.name === name && row.label === first)?.perRequest;
  for (const [label] of builds) {
    const row = rows.find((r) => r.name === name && r.label === label);
    process.stdout.write(
      `| ${name} | ${label} | ${(row.perRequest / 1e6).toFixed(3)} | ${(row.perRequest / base).toFixed(3)} |\n`,
    );
  }
}
process.exit(0);
