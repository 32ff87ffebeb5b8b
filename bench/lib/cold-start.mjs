// Bundle sizes and cold starts: our Lambda bundle (adapters/lambda `bundle` script), a minimal
// fetch handler, an SDK-based handler and the floor of a first tools/call with zod, Kysely and pg
// (cold/floor-handler.mjs), each started as a fresh process by the local harness.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { contributions, fullClosure, METAFILE, staticClosure } from '../../adapters/lambda/bundle-report.mjs';
import { readJsonLine, spawnNode, stopChild } from './children.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const BENCH = join(ROOT, 'bench');
const CACHE = join(BENCH, '.cache');

const MCP_BASE_URL = 'https://bench.lambda-url.local';

export async function bundleBenchHandler(name) {
  // Split like ours (ESM chunks): the SDK anchor holds our lazily loaded tool definitions, whose
  // dynamic imports a one-file bundle would turn into lazily initialised modules that zod's
  // circular imports do not survive.
  const outdir = join(CACHE, name);
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { [name]: join(BENCH, 'cold', `${name}.mjs`) },
    outdir,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    minify: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    legalComments: 'none',
    // pg requires pg-native only for `pg.native` (the floor handler never asks for it).
    external: ['pg-native'],
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
    logLevel: 'error',
    metafile: true,
    absWorkingDir: BENCH,
  });
  const files = Object.keys(result.metafile.outputs).map((file) => join(BENCH, file));
  return { file: join(outdir, `${name}.mjs`), files };
}

function sizeOf(files) {
  let minifiedBytes = 0;
  let gzippedBytes = 0;
  for (const file of files) {
    const code = readFileSync(file);
    minifiedBytes += code.length;
    gzippedBytes += gzipSync(code).length;
  }
  return { minifiedBytes, gzippedBytes };
}

/**
 * Sizes of our split bundle from esbuild's metafile: everything the handler can load (`minifiedBytes`,
 * and gzipped chunk by chunk) and what a cold start loads before the first request (`startupBytes`:
 * the entry and its static chunks), each with what every dependency and package contributes.
 */
function splitSizes(lambdaDir) {
  const metafile = JSON.parse(readFileSync(join(lambdaDir, METAFILE), 'utf8'));
  const entry = 'dist/lambda/handler.mjs';
  const all = fullClosure(metafile, entry);
  const startup = staticClosure(metafile, entry);
  const gzipped = (files) =>
    files.reduce((sum, file) => sum + gzipSync(readFileSync(join(lambdaDir, file))).length, 0);
  return {
    minifiedBytes: contributions(metafile, all).bytes,
    gzippedBytes: gzipped(all),
    startupBytes: contributions(metafile, startup).bytes,
    startupGzippedBytes: gzipped(startup),
    contributions: {
      startup: contributions(metafile, startup).packages,
      all: contributions(metafile, all).packages,
    },
  };
}

/**
 * Builds the three bundles; answers `{ name, file, minifiedBytes, gzippedBytes }` for each (or an
 * error). Each of `baselines` (checkouts whose adapters/lambda bundle is already built, as `pnpm
 * build` leaves it) adds its bundle as `ours@<directory name>`, started in the same rounds.
 */
export async function buildBundles(baselines = []) {
  mkdirSync(CACHE, { recursive: true });
  const bundles = [];
  const lambdaDir = join(ROOT, 'adapters', 'lambda');
  // The adapter's `bundle` script, run by this Node: pnpm need not be on the PATH the bench inherits.
  const ours = spawnSync(process.execPath, ['bundle.mjs'], {
    cwd: lambdaDir,
    encoding: 'utf8',
    timeout: 120_000,
  });
  const oursFile = join(lambdaDir, 'dist', 'lambda', 'handler.mjs');
  if (ours.status === 0 && existsSync(oursFile)) {
    bundles.push({
      name: 'ours',
      label: 'ours (adapters/lambda bundle)',
      file: oursFile,
      ...splitSizes(lambdaDir),
    });
  } else {
    bundles.push({
      name: 'ours',
      label: 'ours (adapters/lambda bundle)',
      error: `node bundle.mjs in adapters/lambda failed: ${(ours.stderr || ours.stdout || String(ours.error)).slice(-500)}`,
    });
  }
  for (const dir of baselines) {
    const baseDir = join(dir, 'adapters', 'lambda');
    const file = join(baseDir, 'dist', 'lambda', 'handler.mjs');
    const name = `ours@${basename(dir)}`;
    bundles.push(
      existsSync(file) && existsSync(join(baseDir, METAFILE))
        ? { name, label: `ours as built in ${dir}`, file, ...splitSizes(baseDir) }
        : {
            name,
            label: `ours as built in ${dir}`,
            error: `${file} or its metafile is missing: build it there`,
          },
    );
  }
  for (const [name, label] of [
    ['minimal-handler', 'minimal fetch handler'],
    ['sdk-handler', 'official SDK handler, stateless'],
    ['floor-handler', 'floor: zod, Kysely and pg only (one query, one parse)'],
  ]) {
    try {
      const { file, files } = await bundleBenchHandler(name);
      bundles.push({ name, label, file, ...sizeOf(files) });
    } catch (error) {
      bundles.push({ name, label, error: String(error?.message ?? error).slice(0, 500) });
    }
  }
  return bundles;
}

function lambdaEvent(index, body, apiKey) {
  return {
    version: '2.0',
    rawPath: '/',
    rawQueryString: '',
    headers: {
      host: new URL(MCP_BASE_URL).host,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...(apiKey && { authorization: `Bearer ${apiKey}` }),
    },
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: {
      domainName: new URL(MCP_BASE_URL).host,
      requestId: `bench-${index}`,
      stage: '$default',
      http: { method: 'POST', path: '/' },
    },
  };
}

/**
 * Writes the cold start's two Lambda events (`initialize`, then the tool call `params` with the API
 * key: the bench's `get_form_schema {kind:"5472"}` unless told) to `bench/.cache/<name>`.
 */
export function writeEvents(
  apiKey,
  params = { name: 'get_form_schema', arguments: { kind: '5472' } },
  name = 'cold-events.json',
) {
  const file = join(CACHE, name);
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'bench', version: '1.0.0' },
    },
  };
  const toolCall = {
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params,
  };
  writeFileSync(file, JSON.stringify([lambdaEvent(0, initialize), lambdaEvent(1, toolCall, apiKey)]));
  return file;
}

const ms = (nanoseconds) => Number(nanoseconds) / 1e6;

function answerOk(message) {
  if (message.status !== 200) return false;
  const text = message.body.startsWith('event:') ? message.body.split('data: ')[1] : message.body;
  try {
    const rpc = JSON.parse(text);
    return rpc.result !== undefined && rpc.result.isError !== true;
  } catch {
    // A body cut at 400 characters is not JSON; a 200 with a result prefix is enough then.
    return text.includes('"result"') && !text.includes('"isError":true');
  }
}

async function coldStartOnce(bundle, eventsFile, env, cleanEnv = false) {
  const started = process.hrtime.bigint();
  const child = spawnNode(1, [join(BENCH, 'cold', 'invoke.mjs'), bundle.file, eventsFile], { env, cleanEnv });
  try {
    const loaded = await readJsonLine(child, (m) => m.loaded === true, 30_000, `${bundle.name} import`);
    const loadedAt = process.hrtime.bigint();
    const first = await readJsonLine(child, (m) => m.answered === 0, 30_000, `${bundle.name} initialize`);
    const firstAt = process.hrtime.bigint();
    const second = await readJsonLine(child, (m) => m.answered === 1, 30_000, `${bundle.name} tools/call`);
    const secondAt = process.hrtime.bigint();
    if (!answerOk(first)) throw new Error(`initialize answered ${first.status}: ${first.body}`);
    if (!answerOk(second)) throw new Error(`tools/call answered ${second.status}: ${second.body}`);
    return {
      importMs: ms(loadedAt - started),
      initializeMs: ms(firstAt - started),
      toolCallMs: ms(secondAt - started),
      childImportMs: loaded.at,
    };
  } finally {
    await stopChild(child, 1_000);
  }
}

/**
 * Cold starts, interleaved bundle by bundle for `runs` rounds: spawn -> module loaded -> first
 * `initialize` answer -> first authenticated `tools/call` answer, timed by this process.
 */
export async function measureColdStarts(bundles, { runs, database, log }) {
  const eventsFile = writeEvents(database.apiKey);
  const env = {
    DATABASE_URL: database.url,
    MCP_BASE_URL,
    APP_URL: 'https://app.example.com',
    SESSION_JWT_SECRET: database.sessionSecret,
  };
  // Lambda sets no NODE_EXTRA_CA_CERTS or NODE_OPTIONS (on this machine the first adds about 50 ms
  // to every Node start): the same starts run again in an environment of PATH, HOME and the
  // handler's own settings only, as `env -i` would give.
  const cleanEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env };
  const runnable = bundles.filter((bundle) => bundle.file);
  const clean = runnable
    .filter((bundle) => bundle.name.startsWith('ours') || bundle.name === 'minimal-handler')
    .map((bundle) => ({ ...bundle, name: `${bundle.name}:clean-env`, clean: true }));
  const all = [...runnable, ...clean];
  const samples = Object.fromEntries(all.map((bundle) => [bundle.name, []]));
  const errors = {};
  for (let run = 0; run < runs; run++) {
    for (let offset = 0; offset < all.length; offset++) {
      const bundle = all[(run + offset) % all.length];
      if (errors[bundle.name]) continue;
      try {
        samples[bundle.name].push(
          await coldStartOnce(bundle, eventsFile, bundle.clean ? cleanEnv : env, bundle.clean === true),
        );
      } catch (error) {
        errors[bundle.name] = String(error?.message ?? error).slice(0, 800);
        log(`cold start of ${bundle.name} failed: ${errors[bundle.name]}`);
      }
    }
  }
  return { samples, errors };
}
