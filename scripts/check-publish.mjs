#!/usr/bin/env node
// Ready to publish (run by `pnpm test`; `pnpm check:publish` alone). Fails, naming each problem, when
//  - a package (or the root) declares no `engines.node`, or a floor other than the root's;
//  - a published package lacks repository (with its directory), homepage, bugs, publishConfig
//    (access public, provenance true), README.md, CHANGELOG.md with an entry for its version, or
//    takes a dependency at an exact version instead of a range (the lockfile pins what we test);
//  - changesets do not version exactly the published packages together, or SECURITY.md supports
//    another version than the one the pending changesets release;
//  - a published package has no `keywords`, or an exports entry without a `default` condition
//    (the one `require()` takes on Node 22: `import` alone leaves CommonJS callers nothing);
//  - .github/workflows/ci.yml does not run .ci/run (the README's test command) on every pull
//    request and push to main, or release.yml does not publish only what CI passed, from Node 24
//    with trusted publishing and provenance, every action pinned by commit: a structural check of
//    the files as GitHub reads them (scripts/publish-workflows.mjs; no actionlint here: npm has none);
//  - server.json (the MCP Registry's entry) does not name the CLI package at its version
//    (`--write-server-json` writes the versions: `pnpm version-packages` runs it after
//    `changeset version`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { checkServerJson, checkWorkflows } from './publish-workflows.mjs';

const root = join(import.meta.dirname, '..');
const read = (path) => readFileSync(join(root, path), 'utf8');
const json = (path) => JSON.parse(read(path));
const problems = [];
const check = (ok, message) => {
  if (!ok) problems.push(message);
};

const rootPackage = json('package.json');
const floor = rootPackage.engines?.node;
check(/^>=22\.\d+$/.test(floor ?? ''), `package.json: engines.node is ${floor}, expected >=22.x`);

const catalog = parse(read('pnpm-workspace.yaml')).catalog ?? {};
const dirs = ['packages', 'adapters', 'examples']
  .flatMap((group) => readdirSync(join(root, group)).map((name) => `${group}/${name}`))
  .concat('bench')
  .filter((dir) => existsSync(join(root, dir, 'package.json')));
const published = [];
const publishedManifests = [];
for (const dir of dirs) {
  const pkg = json(`${dir}/package.json`);
  const where = `${dir}/package.json`;
  check(
    pkg.engines?.node?.startsWith(floor),
    `${where}: engines.node ${pkg.engines?.node} does not start at ${floor}`,
  );
  if (pkg.private) continue;
  published.push(pkg.name);
  publishedManifests.push({ dir, pkg });
  check(
    Array.isArray(pkg.keywords) && pkg.keywords.length > 0 && pkg.keywords.includes('mcp'),
    `${where}: keywords (a non-empty list, with mcp)`,
  );
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    if (typeof target !== 'object' || target === null) continue;
    const conditions = Object.keys(target);
    check(
      conditions.at(-1) === 'default' && (target.import === undefined || target.import === target.default),
      `${where}: exports["${subpath}"] needs a last "default" condition (require() on Node 22)`,
    );
  }
  check(
    pkg.repository?.type === 'git' && /^git\+https:\/\/\S+\.git$/.test(pkg.repository?.url ?? ''),
    `${where}: repository`,
  );
  check(pkg.repository?.directory === dir, `${where}: repository.directory should be ${dir}`);
  check(
    pkg.repository?.url === `git+${rootPackage.repository?.url ?? ''}`.replace('git+git+', 'git+'),
    `${where}: repository.url differs from the root's`,
  );
  check(/^https:\/\/\S+#readme$/.test(pkg.homepage ?? ''), `${where}: homepage`);
  check(/^https:\/\/\S+\/issues$/.test(pkg.bugs?.url ?? ''), `${where}: bugs.url`);
  check(
    pkg.publishConfig?.access === 'public' && pkg.publishConfig?.provenance === true,
    `${where}: publishConfig`,
  );
  check(existsSync(join(root, dir, 'README.md')), `${dir}: README.md missing`);
  const changelog = existsSync(join(root, dir, 'CHANGELOG.md')) ? read(`${dir}/CHANGELOG.md`) : '';
  check(changelog.includes(`\n## ${pkg.version}\n`), `${dir}/CHANGELOG.md: no entry for ${pkg.version}`);
  check(pkg.files?.includes('CHANGELOG.md'), `${where}: files should include CHANGELOG.md`);
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [name, spec] of Object.entries(pkg[field] ?? {})) {
      if (spec.startsWith('workspace:')) continue;
      const range = spec === 'catalog:' ? String(catalog[name]) : spec;
      check(
        !/^\d/.test(range),
        `${where}: ${field}.${name} is the exact version ${range}: publish a range (^)`,
      );
    }
  }
}

const changesets = json('.changeset/config.json');
const fixed = (changesets.fixed?.[0] ?? []).slice().sort();
check(
  JSON.stringify(fixed) === JSON.stringify(published.slice().sort()),
  `.changeset/config.json: "fixed" should be exactly the published packages (${published.join(', ')})`,
);
check(changesets.access === 'public', '.changeset/config.json: access should be public');

// SECURITY.md supports the version the pending changesets release (the packages go together: the
// largest bump of any changeset applies to all), or the current one when none is pending.
const order = ['patch', 'minor', 'major'];
const bump = readdirSync(join(root, '.changeset'))
  .filter((file) => file.endsWith('.md') && file !== 'README.md')
  .flatMap((file) => [...read(`.changeset/${file}`).matchAll(/^"[^"]+": (patch|minor|major)$/gm)])
  .reduce((largest, [, level]) => Math.max(largest, order.indexOf(level)), -1);
const current = json(`${dirs.find((dir) => json(`${dir}/package.json`).name === published[0])}/package.json`)
  .version.split('.')
  .map(Number);
const next =
  bump === 2 ? [current[0] + 1, 0] : bump === 1 ? [current[0], current[1] + 1] : [current[0], current[1]];
const supported = /^\| (\d+)\.(\d+)\.x +\| yes/m.exec(read('SECURITY.md'));
check(
  supported?.[1] === String(next[0]) && supported?.[2] === String(next[1]),
  `SECURITY.md: supports ${supported ? `${supported[1]}.${supported[2]}.x` : 'no version'}, the pending changesets release ${next.join('.')}.x`,
);

// The CI and release workflows, as GitHub reads them, and the MCP Registry's server.json.
checkWorkflows({ read, check, rootPackage });
checkServerJson({
  read,
  check,
  json,
  published: publishedManifests,
  write: process.argv.includes('--write-server-json'),
});

if (problems.length > 0) {
  console.error(`Not ready to publish:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `Ready to publish: ${published.length} packages, the CI and release workflows and server.json checked.`,
);
