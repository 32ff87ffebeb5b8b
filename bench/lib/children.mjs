// Child processes of a benchmark run: spawned pinned to a core where `taskset` exists, tracked so
// that every one of them dies with the run (normal exit, error, SIGINT, SIGTERM).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const live = new Set();

/** Whether `taskset` can pin processes to cores on this machine. */
export const hasTaskset = spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;

/** Pins the current process (the orchestrator) to a core, so it does not steal the servers' core. */
export function pinSelf(core) {
  if (hasTaskset) spawnSync('taskset', ['-cp', String(core), String(process.pid)], { stdio: 'ignore' });
}

/**
 * Spawns `node <args>` pinned to `core` (when taskset exists; `taskset` execs node, so the pid is
 * node's own); `node` is another Node binary than this one's if given. The child reports on fd 3 (see `report`); stderr is kept (bounded) for errors.
 */
export function spawnNode(core, args, { env = {}, cwd, cleanEnv = false, node = process.execPath } = {}) {
  const command = hasTaskset && core !== undefined ? 'taskset' : node;
  const argv = hasTaskset && core !== undefined ? ['-c', String(core), node, ...args] : args;
  const child = spawn(command, argv, {
    cwd,
    // cleanEnv: only `env` (as `env -i` would), e.g. a Lambda-like start without NODE_OPTIONS or
    // NODE_EXTRA_CA_CERTS; otherwise the orchestrator's environment with `env` on top.
    env: cleanEnv ? env : { ...process.env, ...env },
    // fd 3 carries the child's JSON lines (ready, results); its stdout (request logs) goes nowhere,
    // so the orchestrator spends no CPU reading logs on the load generator's core.
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  child.messages = [];
  let buffer = '';
  child.stdio[3].on('data', (chunk) => {
    buffer += chunk;
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      try {
        child.messages.push(JSON.parse(line));
        child.emit('report');
      } catch {
        // Only JSON lines are written on fd 3; a torn line is ignored.
      }
    }
  });
  live.add(child);
  child.stderrText = '';
  child.stderr.on('data', (chunk) => {
    // Bounded: only the last 16 KiB matter for an error message.
    child.stderrText = (child.stderrText + chunk).slice(-16_384);
  });
  child.once('exit', () => live.delete(child));
  return child;
}

/**
 * Waits for the first report line that parses as JSON and has `ready: true` (servers print
 * `{"ready":true,"port":N}`), within `timeoutMs`.
 */
export function waitForReady(child, timeoutMs = 30_000, what = 'child') {
  return readJsonLine(child, (message) => message.ready === true, timeoutMs, what);
}

/**
 * Waits for a report line (already received or still to come) that satisfies `accept`, and takes
 * it from the child's queue. Lines are parsed as they arrive, so several lines in one chunk, or a
 * line that came before the caller asked, are never lost.
 */
export function readJsonLine(child, accept, timeoutMs, what = 'child') {
  const queued = child.messages.findIndex(accept);
  if (queued !== -1) return Promise.resolve(child.messages.splice(queued, 1)[0]);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => finish(new Error(`${what} gave no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onReport = () => {
      const index = child.messages.findIndex(accept);
      if (index !== -1) finish(undefined, child.messages.splice(index, 1)[0]);
    };
    const onExit = (code) =>
      finish(new Error(`${what} exited with code ${code} before answering:\n${child.stderrText ?? ''}`));
    function finish(error, value) {
      clearTimeout(timer);
      child.off('report', onReport);
      child.off('close', onExit);
      if (error) reject(error);
      else resolve(value);
    }
    child.on('report', onReport);
    // 'close', not 'exit': it comes after the last report line was read.
    child.once('close', onExit);
  });
}

/** Stops a child: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopChild(child, graceMs = 3_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Resident set size of a process in bytes, from /proc (undefined where /proc is missing). */
export function rssOf(pid) {
  const path = `/proc/${pid}/status`;
  if (!existsSync(path)) return undefined;
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(path, 'utf8'));
  return match ? Number(match[1]) * 1024 : undefined;
}

/** Clock ticks a second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, every thread) a process has used so far, in seconds, from
 * /proc/<pid>/stat (undefined where /proc is missing). Ticks of 10 ms: read it over seconds.
 */
export function cpuSecondsOf(pid) {
  const path = `/proc/${pid}/stat`;
  if (!existsSync(path)) return undefined;
  // Fields 14 and 15 (utime, stime), counted after the parenthesised command name.
  const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function killAllNow() {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

const cleanups = [];

/** Registers an async cleanup (e.g. stopping PostgreSQL) to run on SIGINT/SIGTERM before exiting. */
export function onShutdown(cleanup) {
  cleanups.push(cleanup);
}

let shuttingDown = false;

/** Whether a SIGINT/SIGTERM shutdown is under way (failures of killed children are expected then). */
export function isShuttingDown() {
  return shuttingDown;
}
async function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  process.stderr.write(`\n${signal}: stopping every child process\n`);
  killAllNow();
  await Promise.race([
    Promise.allSettled(cleanups.map((cleanup) => cleanup())),
    new Promise((resolve) => setTimeout(resolve, 10_000)),
  ]);
  process.exit(130);
}

process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('exit', killAllNow);
