import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The embedded data directory is held by another live process. */
export class DataDirLockedError extends Error {
  readonly code = 'data_dir_locked';

  constructor(message: string) {
    super(message);
    this.name = 'DataDirLockedError';
  }
}

/** A held lock on a data directory. */
export interface DataDirLock {
  /** Removes the lock file; idempotent. */
  release(): void;
}

interface LockContent {
  pid: number;
  command: string;
  url?: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockContent | undefined {
  try {
    const content = JSON.parse(readFileSync(path, 'utf8')) as LockContent;
    return Number.isInteger(content.pid) ? content : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the data directory for this process (creating it when missing). PGlite is one PostgreSQL
 * backend in one process: two processes writing the same files corrupt them, so a second
 * `serve`, or `api-key create` while `serve` runs, must be refused rather than attempted. A lock
 * left by a process that no longer exists is taken over.
 */
export function lockDataDir(dataDir: string, holder: { command: string; url?: string }): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, 'filing-mcp.lock');
  const content: LockContent = { pid: process.pid, ...holder };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(content), { flag: 'wx', mode: 0o600 });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (readLock(path)?.pid === process.pid) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holderNow = readLock(path);
      if (holderNow && holderNow.pid !== process.pid && isAlive(holderNow.pid)) {
        const where = holderNow.url ? ` at ${holderNow.url}` : '';
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another filing-mcp process ` +
            `(pid ${holderNow.pid}, ${holderNow.command}${where}). The embedded database allows one ` +
            'process at a time: stop that process first' +
            (holderNow.command === 'serve'
              ? ', or manage API keys on the companion app page at /app/api-keys.'
              : '.'),
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}; try again.`);
}
