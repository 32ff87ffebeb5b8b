import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// No Docker engine can be had here, so the image is not built in the tests: this checks that the
// Dockerfile builds and starts the server with the very commands docs/deploy-node.md documents and CI runs.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

const dockerfile = read('Dockerfile');
// The deployment guide the README links (docs/deploy-node.md).
const readme = read('docs/deploy-node.md');
const ciRun = read('.ci/run');
const packageManager: string = JSON.parse(read('package.json')).packageManager;

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(): Array<{ keyword: string; args: string }> {
  return dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ').replace(/\s+/g, ' ') };
    });
}

/** The shell commands of a RUN instruction, split at `&&`. */
const commandsOf = (args: string) => args.split('&&').map((command) => command.trim());

/** The README's deployment commands (its "Deploying to a Node host with PostgreSQL" sh block). */
function readmeDeployCommands(): string[] {
  const section = readme.slice(readme.indexOf('# Deploying to a Node host with PostgreSQL'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .flatMap((line) => line.split('&&').map((command) => command.trim()))
    .filter((command) => command !== '' && !command.startsWith('export '));
}

describe('the Dockerfile', () => {
  const steps = instructions();
  const runs = steps.filter((step) => step.keyword === 'RUN').flatMap((step) => commandsOf(step.args));

  it('is multi-stage, and its last stage copies only from an earlier stage, never the build context', () => {
    const stages = steps.filter((step) => step.keyword === 'FROM');
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const last = steps.slice(steps.lastIndexOf(stages.at(-1)!));
    const copies = last.filter((step) => step.keyword === 'COPY' || step.keyword === 'ADD');
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(copy.args).toMatch(/--from=\S+/);
  });

  it('installs and builds with the README’s commands, and installs pnpm as .ci/run does', () => {
    const documented = readmeDeployCommands();
    expect(documented).toContain('pnpm install --frozen-lockfile');
    const build = documented.find((command) => command.startsWith('pnpm turbo run build'));
    expect(build).toBe('pnpm turbo run build --filter=@filing-mcp/node...');
    expect(runs).toContain('pnpm install --frozen-lockfile');
    expect(runs).toContain(build);
    // .ci/run installs the same lockfile the same way, and pnpm with npm at packageManager's version.
    expect(ciRun).toContain('pnpm install --frozen-lockfile');
    expect(ciRun).toMatch(/^\. scripts\/use-node\.sh 22\.\d+\.\d+$/m);
    expect(read('scripts/use-node.sh')).toContain('"pnpm@$pnpm_version"');
    expect(runs).toContain(`npm install -g ${packageManager}`);
  });

  it('starts the server with the README’s start command', () => {
    const documented = readmeDeployCommands().find((command) => command.endsWith(' serve'));
    expect(documented).toBe('node adapters/node/dist/cli.js serve');
    const cmd = steps.filter((step) => step.keyword === 'CMD').at(-1);
    expect(JSON.parse(cmd!.args)).toEqual(documented!.split(' '));
  });

  it('runs on a Node.js the packages support (engines)', () => {
    const engines: string = JSON.parse(read('package.json')).engines.node;
    expect(engines).toBe('>=22.18');
    for (const stage of steps.filter((step) => step.keyword === 'FROM')) {
      const image = stage.args.split(' ')[0]!;
      if (!image.startsWith('node:')) continue;
      expect(Number(/^node:(\d+)/.exec(image)?.[1])).toBeGreaterThanOrEqual(22);
    }
  });
});

describe('the .dockerignore', () => {
  it('keeps the host’s node_modules, builds and data out of the build context', () => {
    const patterns = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    expect(patterns).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.data', '.git']));
  });
});
