// The pieces every load-running harness (run.mjs, soak.mjs, otel-cost.mjs, everything-http.mjs)
// shares: the cores, a log line, a scratch folder, the environment of servers/ours.mjs, starting a
// server and waiting for its ready line, one load job in its own process, and the results files.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onShutdown, readJsonLine, spawnNode, stopChild, waitForReady } from './children.mjs';

/** The bench folder (with its trailing slash). */
export const BENCH = new URL('..', import.meta.url).pathname;
/** The orchestrator and the load generator share core 0; every server gets core 1. */
export const SERVER_CORE = 1;
export const LOAD_CORE = 0;

/** A log function writing `[name hh:mm:ss] message` on stderr. */
export function logger(name) {
  return (message) =>
    process.stderr.write(`[${name} ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** A fresh folder under the system's temporary one, removed when the run is stopped or `remove`d. */
export function scratchFolder(prefix) {
  const path = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const remove = () => rmSync(path, { recursive: true, force: true });
  onShutdown(async () => remove());
  return { path, remove };
}

/** The environment servers/ours.mjs runs with: the database, a session secret, the pool size. */
export function oursEnv(database, { pool = 10, sessionSecret = randomBytes(32).toString('hex') } = {}) {
  return { DATABASE_URL: database.url, SESSION_JWT_SECRET: sessionSecret, BENCH_DB_POOL: String(pool) };
}

/**
 * Starts `node <args>` on the server core and waits (30 s at most) for its ready line; answers
 * `{ name, child, pid, port, url }`, the url being the server's address with `path`.
 */
export async function startServer(name, args, { path = '/mcp-server', env = {}, node } = {}) {
  const child = spawnNode(SERVER_CORE, args, { env, node });
  try {
    const ready = await waitForReady(child, 30_000, name);
    return { name, child, pid: child.pid, port: ready.port, url: `http://127.0.0.1:${ready.port}${path}` };
  } catch (error) {
    await stopChild(child, 1_000);
    throw error;
  }
}

/**
 * `startServer` of `script` with servers/memory-report.mjs preloaded (and --expose-gc), so that
 * `memoryAfterGc` can read what stays alive.
 */
export function startMemoryReporting(name, script, options) {
  const preload = ['--expose-gc', '--import', join(BENCH, 'servers', 'memory-report.mjs')];
  return startServer(name, [...preload, script], options);
}

/** The `process.memoryUsage()` of a `startMemoryReporting` server after two full collections. */
export async function memoryAfterGc(server) {
  server.child.kill('SIGUSR2');
  const accept = (m) => m.memory !== undefined;
  const { memory } = await readJsonLine(server.child, accept, 30_000, `${server.name} (memory)`);
  return memory;
}

/**
 * A load runner writing its job files into `scratch`: `runLoads(jobs)` runs each job (`{ url,
 * headers, bodies, duration, connections, generator = 'net', overallRate? }`) in its own
 * lib/load-child.mjs process on the load core, all at once, and answers their runs; `runLoad(job)`
 * runs one and answers its run. Every generator process is stopped afterwards.
 */
export function loadRunner(scratch) {
  let count = 0;
  async function runLoads(jobs, what = 'generator') {
    const children = [];
    try {
      for (const job of jobs) {
        const file = join(scratch, `job-${++count}.json`);
        writeFileSync(file, JSON.stringify({ generator: 'net', ...job }));
        children.push(spawnNode(LOAD_CORE, [join(BENCH, 'lib', 'load-child.mjs'), file]));
      }
      return await Promise.all(
        children.map((child, index) =>
          readJsonLine(child, (m) => m.done === true, (jobs[index].duration + 30) * 1000, what),
        ),
      );
    } finally {
      for (const child of children) await stopChild(child, 1_000);
    }
  }
  return { runLoads, runLoad: async (job, what) => (await runLoads([job], what))[0] };
}

/** Node flags writing a CPU profile of the server `name` into results/profiles/ when it exits. */
export function cpuProfileFlags(name) {
  const dir = join(BENCH, 'results', 'profiles');
  mkdirSync(dir, { recursive: true });
  return ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-name', `${name}-${Date.now()}.cpuprofile`];
}

/** An ISO time as a file name stamp: `2026-11-27T11-40-00Z`. */
export function fileStamp(iso = new Date().toISOString()) {
  return iso.replaceAll(':', '-').replace(/\.\d+Z$/, 'Z');
}

/** Writes `<dir>/<base>.json` (and `<base>.md` when `markdown` is given), creating `dir`. */
export function saveResults(dir, base, results, markdown) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${base}.json`), `${JSON.stringify(results, null, 2)}\n`);
  if (markdown !== undefined) writeFileSync(join(dir, `${base}.md`), markdown);
}
