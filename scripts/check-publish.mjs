#!/usr/bin/env node
// Ready to publish (run by `pnpm test`; `pnpm check:publish` alone). Fails, naming each problem, when
//  - a package (or the root) declares no `engines.node`, or a floor other than the root's;
//  - a published package lacks repository (with its directory), homepage, bugs, publishConfig
//    (access public, provenance true), README.md, CHANGELOG.md with an entry for its version, or
//    takes a dependency at an exact version instead of a range (the lockfile pins what we test);
//  - changesets do not version exactly the published packages together;
//  - .github/workflows/release.yml is not a workflow that publishes them with provenance: a
//    structural check of the file as GitHub reads it (no actionlint here: npm has none).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

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
for (const dir of dirs) {
  const pkg = json(`${dir}/package.json`);
  const where = `${dir}/package.json`;
  check(
    pkg.engines?.node?.startsWith(floor),
    `${where}: engines.node ${pkg.engines?.node} does not start at ${floor}`,
  );
  if (pkg.private) continue;
  published.push(pkg.name);
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

// The release workflow, as GitHub reads it.
const workflow = parse(read('.github/workflows/release.yml'));
const trigger = workflow.on ?? workflow[true];
check(typeof workflow.name === 'string', 'release.yml: name');
check(trigger?.push?.branches?.includes('main'), 'release.yml: runs on a push to main');
const jobs = Object.entries(workflow.jobs ?? {});
check(jobs.length > 0, 'release.yml: no job');
const allowedKeys = new Set([
  'name',
  'runs-on',
  'timeout-minutes',
  'permissions',
  'steps',
  'needs',
  'if',
  'env',
  'environment',
  'concurrency',
  'strategy',
  'outputs',
  'defaults',
  'container',
  'services',
  'continue-on-error',
]);
const stepKeys = new Set([
  'name',
  'id',
  'uses',
  'run',
  'with',
  'env',
  'if',
  'shell',
  'working-directory',
  'continue-on-error',
  'timeout-minutes',
]);
let publishes = false;
for (const [id, job] of jobs) {
  for (const key of Object.keys(job))
    check(allowedKeys.has(key), `release.yml: job ${id}: unknown key ${key}`);
  check(typeof job['runs-on'] === 'string', `release.yml: job ${id}: runs-on`);
  check(Array.isArray(job.steps) && job.steps.length > 0, `release.yml: job ${id}: steps`);
  for (const [index, step] of (job.steps ?? []).entries()) {
    const at = `release.yml: job ${id}, step ${index + 1}`;
    for (const key of Object.keys(step)) check(stepKeys.has(key), `${at}: unknown key ${key}`);
    check('uses' in step !== 'run' in step, `${at}: exactly one of uses and run`);
    if (step.uses)
      check(
        /^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@[\w.-]+$/.test(step.uses),
        `${at}: uses ${step.uses} needs owner/repo@ref`,
      );
    if (step.with) check(step.uses !== undefined, `${at}: with without uses`);
  }
  const steps = job.steps ?? [];
  const setupNode = steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
  const release = steps.find((step) => step.uses?.startsWith('changesets/action@'));
  if (release === undefined) continue;
  publishes = true;
  check(
    steps.some((step) => step.uses?.startsWith('actions/checkout@')),
    `release.yml: job ${id}: checkout`,
  );
  check(
    Number(setupNode?.with?.['node-version']) >= 22,
    `release.yml: job ${id}: setup-node on Node 22 or newer`,
  );
  check(
    setupNode?.with?.['registry-url'] === 'https://registry.npmjs.org',
    `release.yml: job ${id}: setup-node registry-url`,
  );
  check(
    steps.some((step) => step.run === 'pnpm install --frozen-lockfile'),
    `release.yml: job ${id}: pnpm install --frozen-lockfile`,
  );
  check(
    job.permissions?.['id-token'] === 'write',
    `release.yml: job ${id}: permissions id-token: write (provenance)`,
  );
  check(job.permissions?.contents === 'write', `release.yml: job ${id}: permissions contents: write (tags)`);
  check(
    release.env?.NPM_CONFIG_PROVENANCE === 'true',
    `release.yml: job ${id}: NPM_CONFIG_PROVENANCE "true"`,
  );
  const publish = release.with?.publish ?? '';
  const script = publish.startsWith('pnpm ') ? rootPackage.scripts?.[publish.slice(5)] : undefined;
  check(
    script?.includes('changeset publish'),
    `release.yml: job ${id}: publish runs ${publish}, which is no \`changeset publish\` script`,
  );
  check(release.with?.version === 'pnpm changeset version', `release.yml: job ${id}: version`);
}
check(publishes, 'release.yml: no job publishes with changesets/action');

if (problems.length > 0) {
  console.error(`Not ready to publish:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(`Ready to publish: ${published.length} packages, release workflow checked.`);
