// The first authenticated tools/call of a cold start, in process CPU time and wall time: fresh
// processes of each bundle (ours as built here, each baseline checkout's, the minimal fetch
// handler), alternated round by round, pinned to core 1 in a clean environment, each answering
// the cold-start bench's `initialize` then `get_form_schema {kind:"5472"}` with an API key
// against a throwaway PostgreSQL. Prints the medians (min-max) of the process's own CPU time
// (`process.cpuUsage()`, steadier on a loaded machine) and of the wall time to each answer.
// Usage: node bench/cold/first-call-cpu.mjs [runs] [baseline checkout ...]; FIRST_CALL='{"name":
// "list_filings","arguments":{}}' in the environment calls another tool (a list's answer: one filing).
import { join, resolve } from 'node:path';
import { bundleBenchHandler, writeEvents } from '../lib/cold-start.mjs';
import { readJsonLine, spawnNode, stopChild } from '../lib/children.mjs';
import { setUpDatabase } from '../lib/database.mjs';

const [runsArg, ...baselines] = process.argv.slice(2);
const runs = Number(runsArg ?? 10);
const ROOT = resolve(import.meta.dirname, '../..');
const host = 'bench.lambda-url.local';

const database = await setUpDatabase({ filingCount: 1 });
try {
  const minimal = await bundleBenchHandler('minimal-handler');
  // The cold-start bench's own events (beside the minimal handler's bundle in bench/.cache):
  // initialize, then get_form_schema with the API key.
  const call = process.env.FIRST_CALL === undefined ? undefined : JSON.parse(process.env.FIRST_CALL);
  const eventsFile = writeEvents(database.apiKey, call, 'first-call-cpu-events.json');
  const bundles = [
    { name: 'ours', file: join(ROOT, 'adapters/lambda/dist/lambda/handler.mjs') },
    ...baselines.map((dir) => ({
      name: `ours@${dir}`,
      file: join(resolve(dir), 'adapters/lambda/dist/lambda/handler.mjs'),
    })),
    { name: 'minimal', file: minimal.file },
  ];
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    DATABASE_URL: database.url,
    MCP_BASE_URL: `https://${host}`,
    APP_URL: 'https://app.example.com',
    SESSION_JWT_SECRET: 'x'.repeat(40),
  };
  const samples = Object.fromEntries(bundles.map((b) => [b.name, []]));
  for (let run = 0; run < runs; run++) {
    for (let offset = 0; offset < bundles.length; offset++) {
      const bundle = bundles[(run + offset) % bundles.length];
      const started = performance.now();
      const child = spawnNode(1, [join(ROOT, 'bench/cold/invoke.mjs'), bundle.file, eventsFile], {
        env,
        cleanEnv: true,
      });
      try {
        const first = await readJsonLine(child, (m) => m.answered === 0, 30_000, `${bundle.name} initialize`);
        const firstAt = performance.now();
        const second = await readJsonLine(
          child,
          (m) => m.answered === 1,
          30_000,
          `${bundle.name} tools/call`,
        );
        const secondAt = performance.now();
        if (second.status !== 200 || second.body.includes('"isError":true')) {
          throw new Error(`${bundle.name}: tools/call answered ${second.status} ${second.body}`);
        }
        samples[bundle.name].push({
          initWall: firstAt - started,
          callWall: secondAt - started,
          initCpu: first.cpu,
          callCpu: second.cpu,
        });
      } finally {
        await stopChild(child, 1_000);
      }
    }
  }
  const stat = (values) => {
    const sorted = values.toSorted((a, b) => a - b);
    return `${sorted[Math.floor(sorted.length / 2)].toFixed(1)} (${sorted[0].toFixed(1)}-${sorted.at(-1).toFixed(1)})`;
  };
  const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
  const minimalCall = median(samples.minimal.map((s) => s.callWall));
  console.log(`median (min-max) of ${runs} alternated fresh processes, pinned to core 1, ms`);
  console.log(
    '| bundle | CPU to initialize | CPU to tools/call | wall to initialize | wall to tools/call | wall / minimal |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const { name } of bundles) {
    const s = samples[name];
    const call = median(s.map((x) => x.callWall));
    console.log(
      `| ${name} | ${stat(s.map((x) => x.initCpu))} | ${stat(s.map((x) => x.callCpu))} | ${stat(s.map((x) => x.initWall))} | ${stat(s.map((x) => x.callWall))} | ${(call / minimalCall).toFixed(2)}x |`,
    );
  }
} finally {
  await database.stop();
}
