// Bundles src/handler.ts and its dependencies into one ESM file for Lambda: dist/lambda/handler.mjs.
// Run from this directory after building the workspace packages it imports (`pnpm bundle`).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

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
// The migrator (src/migrate.ts) is its own file, dist/lambda/migrate.mjs, which the handler imports
// only when MIGRATE_ON_START=true: Kysely's migrator and schema builder then cost nothing on a cold
// start that does not migrate.
const migratorApart = {
  name: 'migrator-apart',
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\/migrate\.js$/ }, () => ({ path: './migrate.mjs', external: true }));
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
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  legalComments: 'none',
  logLevel: 'warning',
};
await mkdir('dist/lambda', { recursive: true });
const result = await build({
  ...common,
  entryPoints: ['src/handler.ts'],
  outfile,
  plugins: [englishOnlyZodLocales, migratorApart],
  metafile: true,
});
await build({
  ...common,
  entryPoints: ['src/migrate.ts'],
  outfile: 'dist/lambda/migrate.mjs',
  plugins: [englishOnlyZodLocales],
});
// template.yaml names these exports as handlers; a bundle without one of them would deploy and then
// fail on every invocation, so refuse to write it.
const expectedExports = ['handler', 'streamHandler', 'cleanupHandler'];
const bundledExports = result.metafile.outputs[outfile]?.exports ?? [];
const missingExports = expectedExports.filter((name) => !bundledExports.includes(name));
if (missingExports.length > 0) {
  throw new Error(`${outfile} does not export ${missingExports.join(', ')} (template.yaml needs them).`);
}
// Marks the directory as ESM for the Lambda runtime even if the zip is deployed on its own.
await writeFile('dist/lambda/package.json', '{"type":"module"}\n');
await writeFile('dist/lambda/meta.json', JSON.stringify(result.metafile));
const code = await readFile(outfile);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`${outfile}: ${kb(code.length)} minified, ${kb(gzipSync(code).length)} gzipped`);
const migrator = await readFile('dist/lambda/migrate.mjs');
console.log(
  `dist/lambda/migrate.mjs (loaded only with MIGRATE_ON_START=true): ${kb(migrator.length)} minified`,
);
