// The structural checks of scripts/check-publish.mjs on .github/workflows/ci.yml and release.yml
// (as GitHub reads them: the YAML parsed, `on` included) and on server.json, the MCP Registry's
// entry. Each problem is reported through `check(ok, message)`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const JOB_KEYS = new Set([
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
const STEP_KEYS = new Set([
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
/** owner/repo[/path]@<40 hex digits>: a tag or branch can be moved, a commit cannot. */
const PINNED = /^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@[0-9a-f]{40}$/;

/** The jobs of a workflow file, each step checked for its keys and its pin. */
function readWorkflow(read, check, file) {
  const workflow = parse(read(`.github/workflows/${file}`));
  const jobs = Object.entries(workflow.jobs ?? {});
  check(typeof workflow.name === 'string', `${file}: name`);
  check(jobs.length > 0, `${file}: no job`);
  for (const [id, job] of jobs) {
    for (const key of Object.keys(job)) check(JOB_KEYS.has(key), `${file}: job ${id}: unknown key ${key}`);
    check(typeof job['runs-on'] === 'string', `${file}: job ${id}: runs-on`);
    check(Array.isArray(job.steps) && job.steps.length > 0, `${file}: job ${id}: steps`);
    for (const [index, step] of (job.steps ?? []).entries()) {
      const at = `${file}: job ${id}, step ${index + 1}`;
      for (const key of Object.keys(step)) check(STEP_KEYS.has(key), `${at}: unknown key ${key}`);
      check('uses' in step !== 'run' in step, `${at}: exactly one of uses and run`);
      if (step.uses)
        check(PINNED.test(step.uses), `${at}: uses ${step.uses}: pin owner/repo@<commit SHA, 40 hex digits>`);
      if (step.with) check(step.uses !== undefined, `${at}: with without uses`);
    }
  }
  return { workflow, trigger: workflow.on ?? workflow[true], jobs };
}

/** ci.yml runs .ci/run on every pull request and push to main; release.yml publishes what it passed. */
export function checkWorkflows({ read, check, rootPackage }) {
  const ci = readWorkflow(read, check, 'ci.yml');
  check(ci.trigger !== undefined && 'pull_request' in ci.trigger, 'ci.yml: runs on every pull request');
  check(ci.trigger?.pull_request == null, 'ci.yml: pull_request without filters (every pull request)');
  check(ci.trigger?.push?.branches?.includes('main'), 'ci.yml: runs on a push to main');
  check(
    ci.jobs.some(([, job]) => job.steps?.some((step) => step.run === 'bash .ci/run')),
    'ci.yml: no step runs `bash .ci/run`',
  );
  // .ci/run runs the README's test command (after its install, which it checks for warnings).
  const readmeTest = /^\. scripts\/use-node\.sh && pnpm install --frozen-lockfile && pnpm test$/m;
  check(readmeTest.test(read('README.md')), 'README.md: the test command is not `... && pnpm test`');
  check(/^pnpm test$/m.test(read('.ci/run')), '.ci/run: does not run `pnpm test`');

  const release = readWorkflow(read, check, 'release.yml');
  const run = release.trigger?.workflow_run;
  check(
    run?.workflows?.includes(ci.workflow.name) && run?.types?.includes('completed'),
    `release.yml: runs on workflow_run of "${ci.workflow.name}", types [completed]`,
  );
  check(run?.branches?.includes('main'), 'release.yml: workflow_run branches [main]');
  check(release.trigger?.push === undefined, 'release.yml: no push trigger (it would publish untested)');
  let publishes = false;
  for (const [id, job] of release.jobs) {
    const steps = job.steps ?? [];
    const action = steps.find((step) => step.uses?.startsWith('changesets/action@'));
    if (action === undefined) continue;
    publishes = true;
    const at = `release.yml: job ${id}`;
    check(
      /github\.event\.workflow_run\.conclusion == 'success'/.test(job.if ?? '') &&
        /github\.event\.workflow_run\.event == 'push'/.test(job.if ?? ''),
      `${at}: if must require CI's success on a push`,
    );
    const checkout = steps.find((step) => step.uses?.startsWith('actions/checkout@'));
    check(
      checkout?.with?.ref === ['${{', 'github.event.workflow_run.head_sha', '}}'].join(' '),
      `${at}: checkout the commit CI tested (ref: github.event.workflow_run.head_sha)`,
    );
    const setupNode = steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    check(Number(setupNode?.with?.['node-version']) >= 24, `${at}: setup-node on Node 24 (npm with OIDC)`);
    check(
      setupNode?.with?.['registry-url'] === 'https://registry.npmjs.org',
      `${at}: setup-node registry-url`,
    );
    check(
      steps.some((step) => step.run === 'pnpm install --frozen-lockfile'),
      `${at}: pnpm install --frozen-lockfile`,
    );
    check(job.permissions?.['id-token'] === 'write', `${at}: permissions id-token: write (OIDC)`);
    check(job.permissions?.contents === 'write', `${at}: permissions contents: write (tags)`);
    check(action.env?.NPM_CONFIG_PROVENANCE === 'true', `${at}: NPM_CONFIG_PROVENANCE "true"`);
    const scriptOf = (command) =>
      command?.startsWith('pnpm ') ? rootPackage.scripts?.[command.slice(5)] : undefined;
    const publish = action.with?.['publish-script'];
    check(
      scriptOf(publish)?.includes('changeset publish'),
      `${at}: publish-script ${publish} is no \`changeset publish\` script`,
    );
    const version = action.with?.['version-script'];
    check(
      scriptOf(version)?.includes('changeset version') && scriptOf(version)?.includes('--write-server-json'),
      `${at}: version-script ${version} should run changeset version, then --write-server-json`,
    );
  }
  check(publishes, 'release.yml: no job publishes with changesets/action');
  // Trusted publishing: no long-lived npm token anywhere.
  check(
    !/NPM_TOKEN|NODE_AUTH_TOKEN/.test(read('.github/workflows/release.yml')),
    'release.yml: an npm token',
  );
}

/**
 * server.json names the package that has the `filing-mcp` command, at its version, and that
 * package's `mcpName` is server.json's name (the registry's proof of ownership). With `write`, the
 * versions are set from the package instead.
 */
export function checkServerJson({ check, json, published, write }) {
  const cli = published.find(({ pkg }) => pkg.bin?.['filing-mcp'] !== undefined);
  const server = json('server.json');
  if (write && cli) {
    server.version = cli.pkg.version;
    for (const entry of server.packages ?? []) {
      if (entry.identifier === cli.pkg.name) entry.version = cli.pkg.version;
    }
    writeFileSync(join(import.meta.dirname, '..', 'server.json'), `${JSON.stringify(server, null, 2)}\n`);
  }
  check(cli !== undefined, 'no published package has the filing-mcp command');
  check(
    /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/\d{4}-\d{2}-\d{2}\/server\.schema\.json$/.test(
      server.$schema ?? '',
    ),
    'server.json: $schema',
  );
  check(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/.test(server.name ?? ''), 'server.json: name (reverse DNS/name)');
  check(cli?.pkg.mcpName === server.name, `${cli?.dir}/package.json: mcpName should be ${server.name}`);
  check(
    typeof server.description === 'string' && server.description.length <= 100,
    'server.json: description (1-100 characters)',
  );
  check(server.version === cli?.pkg.version, `server.json: version should be ${cli?.pkg.version}`);
  const entry = server.packages?.find((candidate) => candidate.identifier === cli?.pkg.name);
  check(entry?.registryType === 'npm', `server.json: no npm package entry for ${cli?.pkg.name}`);
  check(
    entry?.version === cli?.pkg.version,
    `server.json: ${cli?.pkg.name} version should be ${cli?.pkg.version}`,
  );
  check(['stdio', 'streamable-http', 'sse'].includes(entry?.transport?.type), 'server.json: transport');
}
