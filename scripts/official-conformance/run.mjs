#!/usr/bin/env node
// The one runner of the official MCP conformance suite (@modelcontextprotocol/conformance, pinned)
// for every target of this repository. A target is a JSON file (see README.md here): how to start the
// server under test, and a list of runs (requirements / scenario / suite / spec version), each with
// the expected outcome of EVERY scenario it holds. The run fails on:
//   - a failing check that no expected failure of its scenario names (scenario + check id + message regex);
//   - a listed expected failure that no failing check matches any more (it passes now: drop it);
//   - a scenario expected to pass with zero successful checks;
//   - a scenario the pinned suite has for the run but the target does not list, or the reverse.
//
// Usage: node scripts/official-conformance/run.mjs <target.json> [--run <name>] [--keep-results] [--draft]
// --draft also prints the observed outcome of every scenario as target JSON (a starting point).
// Needs network access the first time (npx fetches the pinned suite and Node 22).

import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The pinned suite and the Node it needs (it imports fs.globSync: Node >= 22). */
export const CONFORMANCE_PACKAGE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
export const NODE_PACKAGE = 'node@22.23.3';

const OUTCOMES = new Set(['pass', 'fail', 'not-applicable']);

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Replaces `{name}` by `vars[name]`; an unknown placeholder is an error in the target file. */
function expand(text, vars) {
  return text.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (whole, name) => {
    if (!(name in vars)) throw new Error(`unknown placeholder ${whole} in ${JSON.stringify(text)}`);
    return String(vars[name]);
  });
}

function run(command, args, { onLine, ...options } = {}) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let stdout = '';
    let stderr = '';
    let pending = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (onLine === undefined) return;
      const lines = (pending + chunk).split('\n');
      pending = lines.pop();
      for (const line of lines) onLine(line);
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolveRun({ code, stdout, stderr }));
  });
}

function suite(pkg, args, options) {
  return run('npx', ['-y', '-p', NODE_PACKAGE, '-p', pkg, 'conformance', ...args], options);
}

/**
 * A run's `"interact"` module gets every absolute URL the suite prints on a line of its own (the
 * authorization URL of `authorization-code-grant`, which a user would open in a browser) and does
 * what the user would. If it fails, the suite is stopped rather than left waiting for a callback.
 */
function interaction(module, vars, problems) {
  if (module === undefined) return {};
  const controller = new AbortController();
  const running = [];
  return {
    signal: controller.signal,
    onLine(line) {
      const url = line.trim();
      if (!/^https?:\/\/\S+$/.test(url)) return;
      running.push(
        module.default({ url, vars }).catch((error) => {
          problems.push(`interaction with ${url.split('?')[0]} failed: ${error?.message ?? error}`);
          controller.abort();
        }),
      );
    },
    settled: () => Promise.all(running),
  };
}

/** Starts the server under test as a user would and waits until `readyUrl` answers 2xx. */
async function startServer(spec, baseDir, vars) {
  const dataDir = await mkdtemp(join(tmpdir(), 'official-conformance-data-'));
  const port = await freePort();
  Object.assign(vars, { port, dataDir });
  vars.url = expand(spec.url, vars);
  const env = { ...process.env };
  for (const [name, value] of Object.entries(spec.env ?? {})) env[name] = expand(value, vars);
  const [command, ...args] = spec.command.map((part) => expand(part, vars));
  let output = '';
  const child = spawn(command === 'node' ? process.execPath : command, args, {
    cwd: resolve(baseDir, spec.cwd ?? '.'),
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  const readyUrl = expand(spec.readyUrl ?? '{url}', vars);
  const deadline = Date.now() + (spec.startTimeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${spec.command.join(' ')} exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(readyUrl);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${spec.command.join(' ')} did not answer ${readyUrl} in time:\n${output}`);
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return {
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The scenarios the pinned suite has for a run, from `conformance list`: the scored ones of the
 * command's kind, plus the unscored (extension / pending / added-after-release) ones it also runs.
 */
async function listScenarios(pkg, runSpec) {
  if (runSpec.scenario !== undefined) return [runSpec.scenario];
  const kind = runSpec.command === 'authorization' ? 'authorization' : runSpec.command;
  const args = ['list', `--${kind}`];
  if (runSpec.requirements !== undefined) args.push('--requirements', runSpec.requirements);
  else if (runSpec.specVersion !== undefined) args.push('--spec-version', runSpec.specVersion);
  const { code, stdout, stderr } = await suite(pkg, args);
  if (code !== 0) throw new Error(`conformance ${args.join(' ')} failed (${code}):\n${stderr}`);
  const wanted = kind === 'authorization' ? 'authorization server' : kind;
  const names = [];
  let section;
  for (const line of stdout.split('\n')) {
    const header = /scenarios \(test against an? ([a-z ]+)\):/.exec(line);
    if (header !== null) {
      section = header[1];
      continue;
    }
    if (/^\S/.test(line)) section = undefined;
    const item = /^\s+- (\S+)(?: \[([^\]]+)\])?\s*$/.exec(line);
    if (item === null) continue;
    const tag = item[2];
    const itemKind = tag === 'server' || tag === 'client' ? tag : section;
    if (itemKind === wanted) names.push(item[1]);
  }
  if (names.length === 0)
    throw new Error(`conformance ${args.join(' ')} listed no ${wanted} scenario:\n${stdout}`);
  return names;
}

/** checks.json of every scenario in the output directory, by scenario name. */
async function readResults(outputDir, command) {
  const results = new Map();
  for (const entry of await readdir(outputDir, { recursive: true })) {
    if (!entry.endsWith('checks.json')) continue;
    const folder = entry.split(/[\\/]/)[0];
    // `conformance authorization` names its folders authorization-server-<scenario>-<time>.
    const prefix = command === 'authorization' ? 'authorization-server' : command;
    const scenario = folder
      .replace(new RegExp(`^${prefix}-`), '')
      .replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z?$/, '');
    results.set(scenario, JSON.parse(await readFile(join(outputDir, entry), 'utf8')));
  }
  return results;
}

function normalise(name, expectation, reasons) {
  const entry = typeof expectation === 'string' ? { expect: expectation } : expectation;
  if (entry === null || typeof entry !== 'object' || !OUTCOMES.has(entry.expect)) {
    throw new Error(
      `${name}: expectation must be "pass", {"expect":"fail",...} or {"expect":"not-applicable",...}`,
    );
  }
  const reasonOf = (reason, where) => {
    if (typeof reason !== 'string' || reason.trim() === '') throw new Error(`${where}: a reason is required`);
    return reasons[reason] ?? reason;
  };
  if (entry.expect === 'not-applicable')
    return { expect: entry.expect, reason: reasonOf(entry.reason, name) };
  if (entry.expect === 'pass') return { expect: 'pass' };
  if (!Array.isArray(entry.failures) || entry.failures.length === 0) {
    throw new Error(`${name}: an expected failure lists its failing checks in "failures"`);
  }
  return {
    expect: 'fail',
    failures: entry.failures.map((failure, index) => {
      const where = `${name} failures[${index}]`;
      if (typeof failure.check !== 'string') throw new Error(`${where}: "check" (the check id) is required`);
      return {
        check: failure.check,
        message: new RegExp(failure.message ?? ''),
        reason: reasonOf(failure.reason, where),
      };
    }),
  };
}

function failureText(check) {
  return `${check.errorMessage ?? ''} ${check.details === undefined ? '' : JSON.stringify(check.details)}`.trim();
}

/** Judges one scenario's checks against its expectation; returns the problems found. */
function judge(name, expectation, checks) {
  const problems = [];
  const failed = checks.filter((check) => check.status === 'FAILURE');
  const succeeded = checks.filter((check) => check.status === 'SUCCESS');
  if (expectation.expect === 'pass') {
    for (const check of failed)
      problems.push(`${name}: ${check.id} failed: ${failureText(check).slice(0, 400)}`);
    if (succeeded.length === 0) problems.push(`${name}: no successful check, which is not a pass`);
    return problems;
  }
  const used = new Set();
  for (const check of failed) {
    const index = expectation.failures.findIndex(
      (failure) => failure.check === check.id && failure.message.test(failureText(check)),
    );
    if (index === -1)
      problems.push(`${name}: ${check.id} failed unexpectedly: ${failureText(check).slice(0, 400)}`);
    else used.add(index);
  }
  expectation.failures.forEach((failure, index) => {
    if (!used.has(index)) {
      problems.push(
        `${name}: expected failure of ${failure.check} /${failure.message.source}/ did not happen; remove it`,
      );
    }
  });
  return problems;
}

function escapeRegex(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What `--draft` prints: the observed outcome of each scenario, as a starting point for a target. */
function draft(results) {
  const scenarios = {};
  for (const [name, checks] of [...results].sort(([a], [b]) => a.localeCompare(b))) {
    const failed = checks.filter((check) => check.status === 'FAILURE');
    if (failed.length === 0 && checks.some((check) => check.status === 'SUCCESS')) {
      scenarios[name] = 'pass';
      continue;
    }
    const seen = new Set();
    const failures = [];
    for (const check of failed) {
      const message = escapeRegex((check.errorMessage ?? '').slice(0, 60));
      if (seen.has(check.id + message)) continue;
      seen.add(check.id + message);
      failures.push({ check: check.id, message, reason: 'TODO' });
    }
    scenarios[name] =
      failures.length === 0 ? { expect: 'not-applicable', reason: 'TODO' } : { expect: 'fail', failures };
  }
  return scenarios;
}

async function runOne(pkg, runSpec, vars, reasons, keepResults, drafting, baseDir) {
  const command = runSpec.command ?? 'server';
  const spec = { ...runSpec, command };
  const listed = await listScenarios(pkg, spec);
  const outputDir = await mkdtemp(join(tmpdir(), 'official-conformance-out-'));
  const args = [command];
  if (command === 'server') args.push('--url', vars.url);
  if (runSpec.requirements !== undefined) args.push('--requirements', runSpec.requirements);
  if (runSpec.scenario !== undefined) args.push('--scenario', runSpec.scenario);
  if (runSpec.suite !== undefined) args.push('--suite', runSpec.suite);
  if (runSpec.specVersion !== undefined) args.push('--spec-version', runSpec.specVersion);
  for (const arg of runSpec.args ?? []) args.push(expand(arg, vars));
  args.push('-o', outputDir);
  const problems = [];
  const counts = { pass: 0, 'expected-fail': 0, 'not-applicable': 0, problem: 0, checks: 0, warnings: 0 };
  const lines = [];
  const interactModule =
    runSpec.interact === undefined
      ? undefined
      : await import(pathToFileURL(resolve(baseDir, runSpec.interact)).href);
  const interact = interaction(interactModule, vars, problems);
  try {
    const outcome = await suite(pkg, args, {
      ...(interact.onLine && { onLine: interact.onLine, signal: interact.signal }),
    }).catch((error) => {
      if (error?.name === 'AbortError') return { code: null, stdout: '', stderr: '' };
      throw error;
    });
    await interact.settled?.();
    const results = await readResults(outputDir, command);
    if (drafting) console.log(JSON.stringify({ name: runSpec.name, scenarios: draft(results) }, null, 2));
    if (results.size === 0)
      problems.push(`the suite produced no results:\n${outcome.stdout}\n${outcome.stderr}`);
    const expectations = new Map();
    for (const [name, expectation] of Object.entries(runSpec.scenarios ?? {})) {
      expectations.set(name, normalise(name, expectation, reasons));
    }
    for (const name of new Set([...listed, ...results.keys(), ...expectations.keys()])) {
      const expectation = expectations.get(name);
      const checks = results.get(name);
      const before = problems.length;
      if (expectation === undefined) {
        problems.push(`${name}: the pinned suite has this scenario but the target does not list it`);
      } else if (!listed.includes(name) && checks === undefined) {
        problems.push(`${name}: listed in the target but the pinned suite has no such scenario; remove it`);
      } else if (expectation.expect !== 'not-applicable' && checks === undefined) {
        problems.push(`${name}: listed by the suite but produced no result`);
      } else if (expectation.expect !== 'not-applicable') {
        problems.push(...judge(name, expectation, checks));
      }
      if (checks !== undefined) {
        counts.checks += checks.length;
        counts.warnings += checks.filter((check) => check.status === 'WARNING').length;
      }
      const state =
        problems.length > before
          ? 'problem'
          : expectation.expect === 'fail'
            ? 'expected-fail'
            : expectation.expect;
      counts[state] += 1;
      const ok = checks?.filter((check) => check.status === 'SUCCESS').length ?? 0;
      const bad = checks?.filter((check) => check.status === 'FAILURE').length ?? 0;
      lines.push(`  ${state.padEnd(14)} ${name}  (${ok} ok, ${bad} failed)`);
    }
    if (runSpec.failOnWarning === true && counts.warnings > 0) {
      for (const [name, checks] of results) {
        for (const check of checks.filter((each) => each.status === 'WARNING')) {
          problems.push(
            `${name}: ${check.id} warned (the run allows no warning): ${failureText(check).slice(0, 300)}`,
          );
        }
      }
    }
  } finally {
    if (keepResults) console.error(`results kept in ${outputDir}`);
    else await rm(outputDir, { recursive: true, force: true });
  }
  return { problems, counts, lines, args };
}

export async function runTarget(targetPath, { only, keepResults = false, drafting = false } = {}) {
  const target = JSON.parse(await readFile(targetPath, 'utf8'));
  const baseDir = dirname(resolve(targetPath));
  const pkg = target.package ?? CONFORMANCE_PACKAGE;
  const reasons = target.reasons ?? {};
  const vars = { ...(target.vars ?? {}) };
  const runs = target.runs.filter((runSpec) => only === undefined || runSpec.name === only);
  if (runs.length === 0) throw new Error(`no run named ${only} in ${targetPath}`);
  const server = target.server === undefined ? undefined : await startServer(target.server, baseDir, vars);
  if (server === undefined && target.url !== undefined) vars.url = expand(target.url, vars);
  let failed = false;
  try {
    if (target.setup !== undefined) {
      const setup = await import(pathToFileURL(resolve(baseDir, target.setup)).href);
      Object.assign(vars, (await setup.default({ ...vars })) ?? {});
    }
    for (const runSpec of runs) {
      const { problems, counts, lines, args } = await runOne(
        pkg,
        runSpec,
        vars,
        reasons,
        keepResults,
        drafting,
        baseDir,
      );
      console.log(`\n${pkg} ${runSpec.name}: conformance ${args.slice(0, -2).join(' ')}`);
      console.log(lines.join('\n'));
      console.log(
        `  ${counts.pass} passed, ${counts['expected-fail']} expected failures, ` +
          `${counts['not-applicable']} not applicable, ${counts.problem} with problems ` +
          `(${counts.checks} checks, ${counts.warnings} warnings)`,
      );
      if (problems.length > 0) {
        failed = true;
        console.error(`  ${problems.length} problem(s):\n    ${problems.join('\n    ')}`);
      }
    }
  } finally {
    await server?.close();
  }
  return !failed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const targetPath = argv.find((arg) => !arg.startsWith('--') && argv[argv.indexOf(arg) - 1] !== '--run');
  if (targetPath === undefined) {
    console.error(
      'usage: node scripts/official-conformance/run.mjs <target.json> [--run <name>] [--keep-results]',
    );
    process.exit(2);
  }
  const runIndex = argv.indexOf('--run');
  const ok = await runTarget(targetPath, {
    only: runIndex === -1 ? undefined : argv[runIndex + 1],
    keepResults: argv.includes('--keep-results'),
    drafting: argv.includes('--draft'),
  });
  console.log(ok ? '\nofficial conformance: every scenario as expected' : '\nofficial conformance: FAILED');
  process.exitCode = ok ? 0 : 1;
}
