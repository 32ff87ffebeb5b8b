#!/usr/bin/env node
// Measures the figures the README and the docs state, and writes them, each with the machine (cores,
// memory, load average), the Node.js, the commit and the date, to docs/measurements.json and
// docs/measurements.md. scripts/check-docs.mjs then fails when a figure written in the docs
// (between `<!-- measured:<key> -->` and `<!-- /measured -->`) differs from the last measured one.
//
// Usage: node scripts/measure-quickstart.mjs [--only quickstart|bundle|none] [--note <text>]
//          [--test-run <figure> --test-run-source <where it was measured>]
//          [--ci-run <figure> --ci-run-source <where it was measured>]
//   quickstart  command 1 of the README from a fresh clone of HEAD with an empty pnpm store and
//               cache (the Node that runs this script present): `pnpm install`, then `pnpm start`
//               until the first answer to an MCP `initialize`; the install's package count and
//               size on disk.
//   bundle      the Lambda bundle by `pnpm bundle`'s metric (esbuild's metafile): what loads before
//               `initialize`, and everything the handler can load.
//   --test-run / --ci-run  the wall time of `pnpm test` and of `.ci/run`, from a run measured
//               elsewhere (they take half an hour: this script does not run them), recorded with
//               the source given.
// Figures not measured in this run keep their last record (`--only none` measures nothing: it records
// the passed-in figures and writes the files again). --note is written beside this run's
// figures (for example "8 engineers' sessions shared the machine: upper bounds").
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const root = join(import.meta.dirname, '..');
const RESULTS = join(root, 'docs/measurements.json');
const { values: options } = parseArgs({
  options: {
    only: { type: 'string' },
    note: { type: 'string' },
    'test-run': { type: 'string' },
    'test-run-source': { type: 'string' },
    'ci-run': { type: 'string' },
    'ci-run-source': { type: 'string' },
  },
});

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
/** Where and when a figure was measured. */
function conditions() {
  return {
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    commit,
    node: process.versions.node,
    cores: cpus().length,
    memory_gib: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    load_average: loadavg().map((value) => Math.round(value * 100) / 100),
    ...(options.note && { note: options.note }),
  };
}

/** What a client sends first; its answer is the "first answer" timed. */
const INITIALIZE =
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"measure-quickstart","version":"1"}}}';
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const kb = (text) => text.replace(/^(\d+)(\d{3})\./, '$1,$2.');

/** Runs a command to its end; its output is returned, and shown on failure. */
function run(command, args, { cwd, env }) {
  try {
    return execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    process.stderr.write(`${error.stdout ?? ''}${error.stderr ?? ''}`);
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
  }
}

/** `pnpm start` until its MCP endpoint answers `initialize`; the time from the start, in ms. */
async function timeToFirstAnswer(cwd, env) {
  const started = Date.now();
  const child = spawn('pnpm', ['start'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`pnpm start exited ${child.exitCode}:\n${output}`);
      if (Date.now() - started > 600_000) throw new Error(`no answer within 10 minutes:\n${output}`);
      const url = /MCP endpoint: +(\S+)/.exec(output)?.[1];
      if (url) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: INITIALIZE,
        }).catch(() => undefined);
        // The answer may come as JSON or as one SSE event: either holds the initialize result.
        const answeredAt = Date.now();
        if (response?.status === 200 && (await response.text()).includes('"protocolVersion"'))
          return answeredAt - started;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
  }
}

async function measureQuickstart() {
  const work = mkdtempSync(join(tmpdir(), 'filing-mcp-measure-'));
  try {
    const clone = join(work, 'filing-mcp');
    run('git', ['clone', '--quiet', '--no-local', '--no-checkout', root, clone], { cwd: work });
    run(
      'git',
      [
        'checkout',
        '--quiet',
        execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim(),
      ],
      {
        cwd: clone,
      },
    );
    // An empty pnpm store and cache; Node and pnpm are the ones on this PATH.
    const env = {
      ...process.env,
      npm_config_store_dir: join(work, 'store'),
      XDG_CACHE_HOME: join(work, 'cache'),
      PORT: '0',
    };
    delete env.CI;
    const machine = conditions();
    const installStarted = Date.now();
    const install = run('pnpm', ['install'], { cwd: clone, env });
    const installMs = Date.now() - installStarted;
    const packages = /Packages: \+(\d+)/.exec(install)?.[1] ?? '?';
    const startMs = await timeToFirstAnswer(clone, env);
    const bytes = Number(run('du', ['-sb', join(clone, 'node_modules')], { cwd: clone, env }).split('\t')[0]);
    const what = 'README command 1 from a fresh clone, empty pnpm store and cache, Node 22 present';
    return {
      'quickstart.first-answer': {
        text: seconds(installMs + startMs),
        what: `${what}: install, then pnpm start to the first answer of initialize`,
        ...machine,
      },
      'quickstart.install': { text: seconds(installMs), what: `${what}: pnpm install`, ...machine },
      'quickstart.start': {
        text: seconds(startMs),
        what: `${what}: pnpm start (build:js, first start of the embedded database) to the first answer`,
        ...machine,
      },
      'quickstart.packages': {
        text: packages,
        what: 'packages pnpm install adds to a fresh clone',
        ...machine,
      },
      'quickstart.node-modules': {
        text: `${Math.round(bytes / 2 ** 20)} MB`,
        what: "the fresh clone's node_modules on disk (du -sb; the store's hard links counted once)",
        ...machine,
      },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function measureBundle() {
  const machine = conditions();
  const output = run('pnpm', ['--filter', '@filing-mcp/lambda', 'bundle'], { cwd: root, env: process.env });
  const startup = /loaded at start \(the entry and its static chunks\): ([\d.]+) KB/.exec(output)?.[1];
  const everything = /everything the handler can load: ([\d.]+) KB/.exec(output)?.[1];
  if (!startup || !everything) throw new Error(`pnpm bundle printed no sizes:\n${output}`);
  const what = "Lambda bundle, pnpm bundle's metric (output bytes in esbuild's metafile)";
  return {
    'bundle.startup': { text: `${kb(startup)} KB`, what: `${what}: loaded before initialize`, ...machine },
    'bundle.everything': {
      text: `${kb(everything)} KB`,
      what: `${what}: everything the handler can load`,
      ...machine,
    },
  };
}

/** A wall time measured elsewhere, recorded with its source. */
function passedIn(key, figure, source, what) {
  if (!figure) return {};
  if (!source) throw new Error(`--${key} needs --${key}-source: where it was measured`);
  return { [`tests.${key}`]: { text: figure, what, source, recorded: conditions().date } };
}

const previous = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')).figures : {};
const figures = {
  ...previous,
  ...(options.only === undefined || options.only === 'quickstart' ? await measureQuickstart() : {}),
  ...(options.only === undefined || options.only === 'bundle' ? measureBundle() : {}),
  ...passedIn('test-run', options['test-run'], options['test-run-source'], 'pnpm test, the whole suite'),
  ...passedIn(
    'ci-run',
    options['ci-run'],
    options['ci-run-source'],
    '.ci/run: install, pnpm test, Node 24 smoke test',
  ),
};
writeFileSync(
  RESULTS,
  `${JSON.stringify({ generated_by: 'scripts/measure-quickstart.mjs', figures }, null, 2)}\n`,
);
writeFileSync(join(root, 'docs/measurements.md'), render(figures));
console.log(
  Object.entries(figures)
    .map(([key, { text }]) => `${key}: ${text}`)
    .join('\n'),
);

function render(all) {
  const rows = Object.entries(all).map(([key, figure]) => {
    const where = figure.source
      ? `measured elsewhere: ${figure.source} (recorded ${figure.recorded})`
      : `${figure.date}, ${figure.commit}, Node ${figure.node}, ${figure.cores} cores, ${figure.memory_gib} GiB, load ${figure.load_average.join(' / ')}${figure.note ? `; ${figure.note}` : ''}`;
    return `| \`${key}\` | ${figure.text} | ${figure.what} | ${where} |`;
  });
  return [
    '<!-- Written by scripts/measure-quickstart.mjs (from docs/measurements.json); do not edit. -->',
    '',
    '# Measurements',
    '',
    'The timings and sizes the README and the docs state, as last measured by',
    '`node scripts/measure-quickstart.mjs`, each with the machine, its load average (1, 5 and 15',
    'minutes) and the date. A figure in the docs is written between `<!-- measured:<key> -->` and',
    '`<!-- /measured -->`, and `scripts/check-docs.mjs` fails when it differs from the one here. On',
    'a machine shared with other work the times are upper bounds.',
    '',
    '| Key | Figure | What | Measured |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
