// Bundles src/handler.ts and its dependencies for Lambda: dist/lambda/handler.mjs, the entry, and
// dist/lambda/chunks/*.mjs, loaded on first use, and copies the IRS form templates to
// dist/lambda/templates/ as files of their own (read with the first packet, never inlined into the
// JavaScript). The whole dist/lambda directory is deployed.
// Run from this directory after building the workspace packages it imports (`pnpm bundle`).
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { copyIrsTemplates } from '@filing-mcp/serverless/irs-templates';
import { build } from 'esbuild';
import {
  contributions,
  FIRST_CALL_MODULES,
  firstCallLoads,
  fullClosure,
  kb,
  METAFILE,
  staticClosure,
} from './bundle-report.mjs';

// The steps of the first call merged into one file each (see the merge below).
const MERGED_FIRST_CALL_STEPS = [FIRST_CALL_MODULES[1][0], FIRST_CALL_MODULES[3][0]];
import {
  dropUnusedRequireBanners,
  mergeEagerChunks,
  mergeLazyChunks,
  REQUIRE_BANNER,
} from './merge-eager-chunks.mjs';

const outfile = 'dist/lambda/handler.mjs';

// zod re-exports all of its ~50 message locales as `z.locales`, which defeats tree shaking and
// makes up a third of the bundle. Error messages use English only (zod loads `en` by its own
// import), so the locales namespace is replaced by one that holds English alone.
const englishOnlyZodLocales = {
  name: 'english-only-zod-locales',
  setup(plugin) {
    plugin.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer)
        ? { path: resolve(args.resolveDir, '../locales'), namespace: 'zod-english-locales' }
        : undefined,
    );
    plugin.onLoad({ filter: /.*/, namespace: 'zod-english-locales' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: args.path,
      loader: 'js',
    }));
  },
};
// zod's classic schemas carry a `toJSONSchema()` method and so import its JSON Schema emitter
// (about 18 KB minified). The Lambda handler never emits a JSON Schema: the filing tools' schemas
// of `tools/list` and get_form_schema's form schemas are generated at build time
// (tools-list.generated.ts, form-schemas.generated.ts; a test proves them equal to what zod
// emits). The two emitter modules are replaced here by ones that export the same names,
// each of which throws when called; validation (parse, errors) does not touch them.
const zodJsonSchemaEmitter = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
const noZodJsonSchema = {
  name: 'no-zod-json-schema',
  setup(plugin) {
    plugin.onLoad({ filter: zodJsonSchemaEmitter }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const names = [
        ...[...source.matchAll(/^export (?:async )?(?:function\*?|const|let|class) ([\w$]+)/gm)].map(
          (m) => m[1],
        ),
        ...[...source.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) =>
          m[1].split(',').map((item) =>
            item
              .trim()
              .split(/\s+as\s+/)
              .at(-1),
          ),
        ),
      ].filter(Boolean);
      const unavailable =
        "()=>{throw new Error('JSON Schema emission is not part of the Lambda bundle: tools/list comes from tools-list.generated.ts, get_form_schema from form-schemas.generated.ts')}";
      return {
        contents: `const unavailable = ${unavailable};\n${names.map((name) => `export const ${name} = unavailable;`).join('\n')}\n`,
        loader: 'js',
      };
    });
  },
};
// Our workspace packages are bundled from their TypeScript sources rather than their single-file
// dist builds: esbuild then sees each module, drops the ones the handler never imports
// (`sideEffects: false`) and moves the ones it imports dynamically (the tool definitions with their
// zod schemas, the migrator) into chunks loaded on first use.
const packagesDir = resolve(import.meta.dirname, '../../packages');
const sourceEntries = {
  '.': 'src/index.ts',
  './kysely': 'src/kysely/index.ts',
  './kinds': 'src/kinds.ts',
  // filing-domain's settings kit and the companion's rules on its settings, read at start.
  './settings': 'src/settings.ts',
  './rules': 'src/rules.ts',
  // filing-domain's providers, each with its settings: the provider's code and their schema load
  // only when its variables are set.
  './providers/telnyx': 'src/providers/telnyx.ts',
  './providers/stripe': 'src/providers/stripe.ts',
  // protocol's OpenTelemetry observer: from source too, or its dist copy would bring a second
  // copy of the protocol modules it shares.
  './otel': 'src/otel/index.ts',
  // protocol's transport hooks, which the Lambda handler's MCP requests offer.
  './transport': 'src/transport.ts',
  './node': 'node/index.ts',
  // irs-forms' packet builder (pdf-lib), loaded with the first packet.
  './pdf': 'src/pdf.ts',
};
// A package's index re-exports every module of it. Imported through it, a module that the entry
// needs would make the entry also import, for evaluation order, the chunks of every module the
// index names (the rate limiter and the OAuth server included) although it uses none of them.
// These imports on the way to `initialize` therefore go to the module itself; esbuild fails the
// build if that module lacks a name the importer uses.
const deepImports = [
  [
    /serverless[\\/]src[\\/]serverless-(filing-server|settings)\.ts$/,
    '@filing-mcp/filing-domain',
    'filing-domain/src/server/deployment.ts',
  ],
  // The providers' zod-free builders alone, not their entries: the entry re-exports the provider
  // and the settings' schema, which the builders load only when a provider's variables are set.
  [
    /serverless[\\/]src[\\/]serverless-settings\.ts$/,
    '@filing-mcp/filing-domain/providers/telnyx',
    'filing-domain/src/submission/providers/telnyx-from-env.ts',
  ],
  [
    /serverless[\\/]src[\\/]serverless-settings\.ts$/,
    '@filing-mcp/filing-domain/providers/stripe',
    'filing-domain/src/payments/providers/stripe-from-env.ts',
  ],
  // The pool of the filing server (bounded, its named statements), loaded with pg.
  [
    /serverless[\\/]src[\\/]postgres-pool\.ts$/,
    '@filing-mcp/filing-domain',
    'filing-domain/src/storage/filing-pool.ts',
  ],
  [/filing-domain[\\/]src[\\/]auth[\\/]scopes\.ts$/, '@filing-mcp/oauth-core', 'oauth-core/src/scopes.ts'],
  // The OAuth endpoint table only (the routes' rate limits and spans), not the OAuth server.
  [
    /filing-domain[\\/]src[\\/]rate-limits[\\/]oauth-route-limits\.ts$/,
    '@filing-mcp/oauth-core',
    'oauth-core/src/endpoints.ts',
  ],
  // check_filing's form checks and the packet's text error, without the rest of irs-forms (the
  // ZIP writer, the examples) that its index re-exports.
  [
    /filing-domain[\\/]src[\\/]tools[\\/]form-tools\.ts$/,
    '@filing-mcp/irs-forms',
    'irs-forms/src/readiness.ts',
  ],
  [
    /filing-domain[\\/]src[\\/]resources[\\/]packet-resources\.ts$/,
    '@filing-mcp/irs-forms',
    'irs-forms/src/printable-text.ts',
  ],
  // The CIMD options only; the fetcher itself loads with the first document to fetch.
  // The 500 of a failure the app did not answer: the error module alone, not filing-domain's index.
  [
    /lambda[\\/]src[\\/](lambda-handler|fetch-event)\.ts$/,
    '@filing-mcp/filing-domain',
    'filing-domain/src/errors/http-errors.ts',
  ],
  [
    /filing-domain[\\/]src[\\/]errors[\\/]http-errors\.ts$/,
    '@filing-mcp/oauth-core',
    'oauth-core/src/http-error.ts',
  ],
  [
    /serverless[\\/]src[\\/]serverless-filing-server\.ts$/,
    '@filing-mcp/oauth-core/node',
    'oauth-core/node/node-client-metadata.ts',
  ],
];
const workspaceSources = {
  name: 'workspace-sources',
  setup(plugin) {
    plugin.onResolve({ filter: /^@filing-mcp\/[^/]+/ }, (args) => {
      const [, name, subpath] = args.path.match(/^@filing-mcp\/([^/]+)(\/.*)?$/);
      const deep = deepImports.find(([importer, path]) => path === args.path && importer.test(args.importer));
      if (deep) return { path: resolve(packagesDir, deep[2]) };
      const entry = sourceEntries[subpath ? `.${subpath}` : '.'];
      const file = entry && resolve(packagesDir, name, entry);
      return file && existsSync(file) ? { path: file } : undefined;
    });
  },
};
// pg reaches its native binding only through `pg.native`, which we never use; its JavaScript
// wrapper (pg/lib/native) would otherwise be bundled for nothing.
const noPgNative = {
  name: 'no-pg-native',
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\/native$/ }, (args) =>
      /[\\/]pg[\\/]lib$/.test(args.resolveDir)
        ? { path: 'pg-native-unused', namespace: 'no-pg-native' }
        : undefined,
    );
    plugin.onLoad({ filter: /.*/, namespace: 'no-pg-native' }, () => ({
      contents: 'module.exports = null;',
      loader: 'js',
    }));
  },
};
const common = {
  bundle: true,
  minify: true,
  sourcemap: false,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  // pg requires pg-native only when asked for `pg.native`, which we never do.
  external: ['pg-native'],
  // pg and other CommonJS dependencies call require() for Node built-ins; ESM has none of its own.
  banner: { js: REQUIRE_BANNER },
  legalComments: 'none',
  logLevel: 'warning',
};
await rm('dist/lambda', { recursive: true, force: true });
await mkdir('dist/lambda', { recursive: true });
await rm(METAFILE, { force: true });
// One build, split into chunks: the handler (the entry Lambda loads), the migrator (loaded only with
// MIGRATE_ON_START=true) and what they share, each dynamic import() a chunk of its own.
const result = await build({
  ...common,
  entryPoints: { handler: 'src/handler.ts', migrate: resolve(packagesDir, 'serverless/src/migrate.ts') },
  outdir: 'dist/lambda',
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [workspaceSources, englishOnlyZodLocales, noZodJsonSchema, noPgNative],
  metafile: true,
});
// template.yaml names these exports as handlers; a bundle without one of them would deploy and then
// fail on every invocation, so refuse to write it.
const expectedExports = ['handler', 'streamHandler', 'cleanupHandler'];
const bundledExports = result.metafile.outputs[outfile]?.exports ?? [];
const missingExports = expectedExports.filter((name) => !bundledExports.includes(name));
if (missingExports.length > 0) {
  throw new Error(`${outfile} does not export ${missingExports.join(', ')} (template.yaml needs them).`);
}
// What a cold start loads before the first request, the entry and its static chunks, becomes the
// entry alone (22 files fewer to resolve, read, compile and link), and only the files that call
// require() keep the banner that defines it: see merge-eager-chunks.mjs.
let merged = await mergeEagerChunks(result.metafile, outfile, {
  packageDir: import.meta.dirname,
  options: common,
});
// Two steps of an API key's first tools/call come out as a chunk and the small chunks it shares with
// other tools and routes (the credential check 5, the tool get_form_schema 3): each is merged into
// its step's chunk, so the first call resolves, reads, compiles and links 6 files fewer. The tools
// and routes that import those shared parts then load the step's chunk too (5.8 and 3.4 KB that
// only define). The driver's step is left as it is: its chunk holds pg, which its shared parts
// (the pool's bounds, the named statements) would bring to every tool definition.
for (const [index, step] of firstCallLoads(merged, outfile).entries()) {
  if (!MERGED_FIRST_CALL_STEPS.includes(step.label)) continue;
  const [target, ...chunks] = step.files;
  merged = await mergeLazyChunks(merged, target, chunks, {
    packageDir: import.meta.dirname,
    options: common,
    prefix: `__step${index}_`,
  });
}
const metafile = dropUnusedRequireBanners(merged, import.meta.dirname);
// Marks the directory as ESM for the Lambda runtime even if the zip is deployed on its own.
await writeFile('dist/lambda/package.json', '{"type":"module"}\n');
// The metafile stays beside the package, never in dist/ (deployed and published): see METAFILE.
await mkdir(dirname(METAFILE), { recursive: true });
await writeFile(METAFILE, JSON.stringify(metafile));
const templates = await copyIrsTemplates('dist/lambda/templates');
const migrator = 'dist/lambda/migrate.mjs';
const startup = contributions(metafile, staticClosure(metafile, outfile));
const everything = contributions(metafile, fullClosure(metafile, outfile));
const migratorOnly = fullClosure(metafile, migrator).filter(
  (file) => !fullClosure(metafile, outfile).includes(file),
);
const code = await readFile(outfile);
console.log(`${outfile}: ${kb(code.length)} minified, ${kb(gzipSync(code).length)} gzipped`);
console.log(`loaded at start (the entry and its static chunks): ${kb(startup.bytes)} minified`);
console.log(`everything the handler can load: ${kb(everything.bytes)} minified`);
const firstCall = firstCallLoads(metafile, outfile);
console.log(
  `loaded by an API key's first tools/call: ${kb(firstCall.reduce((sum, step) => sum + step.bytes, 0))} more (` +
    firstCall.map((step) => `${step.label} ${kb(step.bytes)}`).join(', ') +
    ')',
);
console.log(
  `migrator (loaded only with MIGRATE_ON_START=true): ${kb(contributions(metafile, migratorOnly).bytes)} more`,
);
console.log(`IRS templates beside the bundle (dist/lambda/templates): ${templates.join(', ')}`);
console.log(`esbuild's metafile (not deployed, not published): ${METAFILE}`);
