// What each step of an API key's first tools/call costs to load on a cold start: in a fresh
// process (pinned to core 1 where taskset exists, like the cold-start bench), the Lambda bundle
// answers `initialize` (no database needed), then each module of FIRST_CALL_MODULES is imported
// in the server's order and timed (read, compile and evaluate: what the first call pays for it,
// the database's round trips and the tool's own work aside). Medians of `runs` processes.
// Usage: node bench/cold/first-call-cost.mjs [runs] [adapters/lambda directory]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { firstCallLoads, kb } from '../../adapters/lambda/bundle-report.mjs';
import { hasTaskset } from '../lib/children.mjs';

const [runsArg, dirArg] = process.argv.slice(2);
if (runsArg === '--child') {
  const [, dir, ...files] = process.argv.slice(2);
  const { handler } = await import(pathToFileURL(join(dir, 'dist/lambda/handler.mjs')).href);
  const host = 'bench.lambda-url.local';
  const body = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'cost', version: '1' } },
  };
  const answer = await handler(
    {
      version: '2.0',
      rawPath: '/',
      rawQueryString: '',
      headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(body),
      isBase64Encoded: false,
      requestContext: {
        domainName: host,
        requestId: 'cost-0',
        stage: '$default',
        http: { method: 'POST', path: '/' },
      },
    },
    { awsRequestId: 'cost-0' },
  );
  if (answer.statusCode !== 200) throw new Error(`initialize answered ${answer.statusCode}`);
  const times = [];
  for (const file of files) {
    const started = performance.now();
    await import(pathToFileURL(join(dir, file)).href);
    times.push(performance.now() - started);
  }
  console.log(JSON.stringify(times));
  process.exit(0);
}
const runs = Number(runsArg ?? 9);
const dir = resolve(dirArg ?? join(import.meta.dirname, '../../adapters/lambda'));
const metafile = JSON.parse(readFileSync(join(dir, '.bundle/meta.json'), 'utf8'));
const steps = firstCallLoads(metafile, 'dist/lambda/handler.mjs');
// Each step's own entry chunk: importing it evaluates the step's files not loaded before.
const entries = steps.map((step) => step.files[0]);
const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
  MCP_BASE_URL: 'https://bench.lambda-url.local',
  APP_URL: 'https://app.example.com',
  SESSION_JWT_SECRET: 'x'.repeat(40),
};
const samples = steps.map(() => []);
for (let run = 0; run < runs; run++) {
  const args = [process.execPath, import.meta.filename, '--child', dir, ...entries];
  const child = hasTaskset
    ? spawnSync('taskset', ['-c', '1', ...args], { env, encoding: 'utf8' })
    : spawnSync(args[0], args.slice(1), { env, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  for (const [index, ms] of JSON.parse(child.stdout.trim().split('\n').at(-1)).entries()) {
    samples[index].push(ms);
  }
}
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`| Step | Bytes | Load, ms (median of ${runs}, min-max) | Largest parts |`);
console.log('| --- | ---: | ---: | --- |');
steps.forEach((step, index) => {
  const parts = step.packages
    .filter(([, bytes]) => bytes >= 1024)
    .slice(0, 4)
    .map(([name, bytes]) => `${name} ${kb(bytes)}`)
    .join(', ');
  const s = samples[index];
  console.log(
    `| ${step.label} | ${kb(step.bytes)} | ${median(s).toFixed(1)} (${Math.min(...s).toFixed(1)}-${Math.max(...s).toFixed(1)}) | ${parts} |`,
  );
});
