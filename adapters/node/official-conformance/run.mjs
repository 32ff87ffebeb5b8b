#!/usr/bin/env node
// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, pinned) against the
// Node adapter exactly as a user starts it (`filing-mcp serve` on the embedded database, in a fresh
// data directory, on a free loopback port), then compares the outcome per scenario with
// expected-failures.json. Fails on any failure not listed there, on a listed failure that now
// passes (stale entry), and whenever one of the scenarios we must pass fails.
//
// Usage: node official-conformance/run.mjs [--keep-results]   (after `pnpm build`)

import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CONFORMANCE_PACKAGE = '@modelcontextprotocol/conformance@0.1.16';
// The suite needs Node 22; npx fetches this exact Node from the npm registry.
const NODE_PACKAGE = 'node@22.23.3';
const MUST_PASS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, '..', 'dist', 'cli.js');
const keepResults = process.argv.includes('--keep-results');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const dataDir = await mkdtemp(join(tmpdir(), 'filing-mcp-official-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}/mcp-server`;
  let output = '';
  const child = spawn(process.execPath, [cli, 'serve'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, MCP_BASE_URL: baseUrl },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`filing-mcp serve exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/.well-known/oauth-protected-resource`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`filing-mcp serve did not answer within 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function runSuite(url, outputDir) {
  const args = [
    '-y',
    '-p',
    NODE_PACKAGE,
    '-p',
    CONFORMANCE_PACKAGE,
    'conformance',
    'server',
    '--url',
    url,
    '-o',
    outputDir,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
}

async function readOutcomes(outputDir) {
  const outcomes = new Map();
  for (const entry of await readdir(outputDir, { recursive: true })) {
    if (!entry.endsWith('checks.json')) continue;
    const checks = JSON.parse(await readFile(join(outputDir, entry), 'utf8'));
    const scenario = entry
      .split(/[\\/]/)[0]
      .replace(/^server-/, '')
      .replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z?$/, '');
    const failed = checks.filter((check) => check.status === 'FAILURE');
    outcomes.set(scenario, { passed: failed.length === 0, failed });
  }
  return outcomes;
}

async function main() {
  const expected = JSON.parse(await readFile(join(here, 'expected-failures.json'), 'utf8')).server;
  for (const scenario of MUST_PASS) {
    if (scenario in expected) throw new Error(`${scenario} must pass and cannot be an expected failure`);
  }
  const server = await startServer();
  const outputDir = await mkdtemp(join(tmpdir(), 'mcp-conformance-'));
  const problems = [];
  try {
    console.error(`filing-mcp under test at ${server.baseUrl}`);
    await runSuite(server.baseUrl, outputDir);
    const outcomes = await readOutcomes(outputDir);
    if (outcomes.size === 0) problems.push('the suite produced no results');
    for (const scenario of MUST_PASS) {
      if (!outcomes.has(scenario)) problems.push(`${scenario}: did not run`);
    }
    const summary = [];
    for (const [scenario, outcome] of [...outcomes].sort()) {
      const isExpected = scenario in expected;
      if (outcome.passed && isExpected)
        problems.push(`${scenario}: passes now; remove it from expected-failures.json`);
      if (!outcome.passed && !isExpected) {
        const details = outcome.failed.map(
          (check) => `${check.name ?? check.id}: ${check.errorMessage ?? check.description ?? ''}`,
        );
        problems.push(`${scenario}: unexpected failure\n    ${details.join('\n    ')}`);
      }
      summary.push(`${outcome.passed ? 'pass' : isExpected ? 'expected failure' : 'FAIL'}  ${scenario}`);
    }
    for (const scenario of Object.keys(expected)) {
      if (!outcomes.has(scenario))
        problems.push(`${scenario}: listed in expected-failures.json but did not run`);
    }
    console.log(summary.join('\n'));
  } finally {
    await server.close();
    if (!keepResults) await rm(outputDir, { recursive: true, force: true });
    else console.error(`results kept in ${outputDir}`);
  }
  if (problems.length > 0) {
    console.error(`\nofficial conformance: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nofficial conformance: every scenario passed or failed as expected');
  }
}

await main();
