#!/usr/bin/env node
// What a user of the published packages gets (run by `pnpm test` after the build; alone:
// `node scripts/check-packed.mjs`). Packs every published package with `pnpm pack` (workspace:
// ranges rewritten as on publish), installs the tarballs together with npm into an empty temporary
// project (production dependencies from the registry, no install scripts), and then, in a fresh
// Node process each, `require()`s and `import()`s every subpath its exports map names (wildcards
// aside): CommonJS callers need the `default` condition, which `import` alone does not give them.
// Fails naming each package and subpath that cannot be loaded, and when not run on Node 22 or
// newer (require of an ES module needs 22.12; the floor is 22.18).
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const [major] = process.versions.node.split('.').map(Number);
if (major < 22) {
  console.error(`check-packed: Node ${process.versions.node}; run it on Node 22 or newer`);
  process.exit(1);
}

/** The published packages: every package.json of packages/ and adapters/ that is not private. */
export function publishedPackages() {
  return ['packages', 'adapters']
    .flatMap((group) => readdirSync(join(root, group)).map((name) => join(group, name)))
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => ({ dir, pkg: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) }))
    .filter(({ pkg }) => !pkg.private);
}

/** The specifiers a user can load: the name, and the name with each subpath that is no wildcard. */
export function specifiers(pkg) {
  return Object.keys(pkg.exports ?? { '.': null })
    .filter((subpath) => !subpath.includes('*'))
    .map((subpath) => (subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`));
}

const work = mkdtempSync(join(tmpdir(), 'filing-mcp-packed-'));
const problems = [];
try {
  const packages = publishedPackages();
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs);
  for (const { dir } of packages) {
    execFileSync('pnpm', ['pack', '--pack-destination', tarballs], {
      cwd: join(root, dir),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{ "name": "packed-check", "private": true }\n');
  const files = readdirSync(tarballs).map((file) => join(tarballs, file));
  const started = Date.now();
  const install = spawnSync(
    'npm',
    ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', ...files],
    { cwd: project, encoding: 'utf8' },
  );
  if (install.status !== 0) {
    console.error(install.stdout, install.stderr);
    throw new Error(`npm install of the ${files.length} tarballs failed (exit ${install.status})`);
  }
  console.log(
    `check-packed: ${files.length} tarballs installed with npm in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const { pkg } of packages) {
    for (const specifier of specifiers(pkg)) {
      for (const how of ['require', 'import']) {
        const code =
          how === 'require'
            ? `const m = require(${JSON.stringify(specifier)}); if (Object.keys(m).length === 0) throw new Error('no exports');`
            : `const m = await import(${JSON.stringify(specifier)}); if (Object.keys(m).length === 0) throw new Error('no exports');`;
        const args = how === 'require' ? ['-e', code] : ['--input-type=module', '-e', code];
        const result = spawnSync(process.execPath, args, {
          cwd: project,
          encoding: 'utf8',
          timeout: 60_000,
        });
        if (result.status !== 0) {
          const reason = (result.stderr.match(/^\w*Error.*$/m) ?? [
            result.stderr.trim().split('\n').at(-1),
          ])[0];
          problems.push(`${how}(${JSON.stringify(specifier)}) on Node ${process.versions.node}: ${reason}`);
        }
      }
    }
  }
  if (problems.length > 0) {
    console.error(`Packed packages that cannot be loaded:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    const count = packages.reduce((sum, { pkg }) => sum + specifiers(pkg).length, 0);
    console.log(
      `check-packed: ${count} entry points of ${packages.length} packages load with require() and import() on Node ${process.versions.node}`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
