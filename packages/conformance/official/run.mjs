#!/usr/bin/env node
// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, pinned) against the
// composed filing-mcp server on a real loopback socket, then compares the outcome per scenario with
// expected-failures.json. Fails on any failure not listed there, on a listed failure that now
// passes (stale entry), and whenever one of the scenarios we must pass fails.
//
// Usage: node official/run.mjs [--keep-results]   (build the workspace packages first)

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFilingServer, migrateToLatest } from '@filing-mcp/filing-domain';
import { createPGliteDb } from '@filing-mcp/test-db';
import { getRequestListener } from '@hono/node-server';

const CONFORMANCE_PACKAGE = '@modelcontextprotocol/conformance@0.1.16';
// The suite needs Node 22; npx fetches this exact Node from the npm registry.
const NODE_PACKAGE = 'node@22.23.3';
const MUST_PASS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

const here = dirname(fileURLToPath(import.meta.url));
const keepResults = process.argv.includes('--keep-results');

async function startServer() {
  const database = await createPGliteDb();
  await migrateToLatest(database.db);
  let filingServer;
  const listener = getRequestListener((request) => filingServer.fetch(request), {
    overrideGlobalObjects: false,
  });
  const httpServer = createServer(listener);
  await new Promise((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address();
  const baseUrl = `http://127.0.0.1:${port}/mcp-server`;
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  filingServer = createFilingServer({
    db: database.db,
    config: {
      baseUrl,
      appUrl: `http://127.0.0.1:${port}/app`,
      session: { secret: randomBytes(32).toString('base64url') },
      // DNS-rebinding protection, as for any server listening on loopback (INTEROP item 11).
      allowedHosts: names.map((name) => `${name}:${port}`),
      allowedOrigins: names.map((name) => `http://${name}:${port}`),
    },
  });
  return {
    baseUrl,
    async close() {
      await new Promise((resolve) => httpServer.close(resolve));
      await filingServer.close();
      await database.close();
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
