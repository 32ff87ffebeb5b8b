import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Vitest global setup: the CLI tests run `dist/cli.js` as a real child process, so it must match
 * the sources. turbo builds dependencies before `test`, not the package itself; when the build
 * is missing or older than `src/`, build it once here, before any worker starts.
 */
export default function setup(): void {
  let built = 0;
  try {
    built = statSync(join(packageDir, 'dist/cli.js')).mtimeMs;
  } catch {}
  if (built >= newestSource(join(packageDir, 'src'))) return;
  execFileSync('pnpm', ['exec', 'tsup'], { cwd: packageDir, stdio: 'inherit' });
}
