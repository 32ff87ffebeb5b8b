// Joins the chunks a cold start loads into the entry (used by bundle.mjs after its split build).
//
// esbuild's splitting puts each module in the chunk of the set of entry points and dynamic import()
// targets that reach it, so the code a cold start needs before `initialize` came out as the entry
// and 22 small chunks (esbuild has no manual chunks). Node pays every ES module file on its own:
// the resolution of each import of it (a realpath, a URL), the read, the compile, the link, the
// evaluation; with the `require` banner each file also imported node:module and ran createRequire.
// On this machine the 22 files cost about 7 ms of CPU before `initialize` (docs/performance.md).
//
// The eager files are therefore bundled again, by esbuild, into the entry alone, every export of
// each chunk re-exported from it under a name of its own; each chunk file becomes a one-line
// module re-exporting those names from the entry, so the chunks loaded later (and the migrator)
// import the same module instances as before, from the already evaluated entry. The lazy chunks
// are not touched.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { build } from 'esbuild';
import { staticClosure } from './bundle-report.mjs';

/** The banner bundle.mjs prepends to every output (CommonJS dependencies call require()). */
export const REQUIRE_BANNER =
  "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);";

const relativeSpecifier = (fromDir, file) => {
  const path = relative(fromDir, file).split('\\').join('/');
  return path.startsWith('.') ? path : `./${path}`;
};

/**
 * Merges the static closure of `entry` (an output path of `metafile`, e.g. dist/lambda/handler.mjs,
 * relative to `packageDir`) into the entry file, rewrites its chunks as re-exports of the entry,
 * and answers the metafile of the outputs as they now are: the entry with the inputs of every file
 * merged into it and the dynamic imports they made; each former chunk with no input and one
 * import, the entry. `options` are esbuild options for the second pass (minify, target...).
 */
export async function mergeEagerChunks(metafile, entry, { packageDir, options }) {
  const chunks = staticClosure(metafile, entry).filter((file) => file !== entry);
  return mergeChunks(metafile, entry, chunks, { packageDir, options, prefix: '__chunk' });
}

/**
 * {@link mergeEagerChunks} for a lazy chunk: the not yet loaded part of the static closure of
 * `target` (a chunk loaded by import(), e.g. the credential check's), given as `chunks`, merged
 * into `target`, each chunk rewritten as a re-export of it. A chunk that other lazy chunks import
 * too brings `target` with it there: merge only where `target`'s own code is small and evaluating
 * it does nothing but define. The build fails where merging would make a cycle: a static import
 * that the merged code keeps which itself reaches a merged chunk.
 */
export async function mergeLazyChunks(metafile, target, chunks, { packageDir, options, prefix }) {
  const merged = new Set([target, ...chunks]);
  for (const file of merged) {
    for (const imported of metafile.outputs[file].imports) {
      if (imported.external || imported.kind !== 'import-statement' || merged.has(imported.path)) continue;
      const reached = staticClosure(metafile, imported.path).filter((other) => merged.has(other));
      if (reached.length > 0) {
        throw new Error(
          `${file} imports ${imported.path}, which imports ${reached[0]}: merging into ${target} would make a cycle`,
        );
      }
    }
  }
  return mergeChunks(metafile, target, chunks, { packageDir, options, prefix, outside: true });
}

async function mergeChunks(
  metafile,
  entry,
  chunks,
  { packageDir, options: { banner: _, ...options }, prefix, outside = false },
) {
  const entryFile = resolve(packageDir, entry);
  const entryDir = dirname(entryFile);
  if (chunks.length === 0) return metafile;
  const merged = new Set([entry, ...chunks].map((file) => resolve(packageDir, file)));
  const alias = new Map(chunks.map((file, index) => [file, `${prefix}${index}_`]));
  // The entry's own exports first; then each chunk's, under its alias. Import order is the entry's,
  // so modules evaluate in the order they did.
  let source = `export * from ${JSON.stringify(relativeSpecifier(entryDir, entryFile))};\n`;
  for (const file of chunks) {
    const names = metafile.outputs[file].exports;
    if (names.length === 0) continue;
    const list = names.map((name) => `${name} as ${alias.get(file)}${name}`).join(', ');
    source += `export { ${list} } from ${JSON.stringify(relativeSpecifier(entryDir, resolve(packageDir, file)))};\n`;
  }
  const banner = `${REQUIRE_BANNER}\n`;
  const result = await build({
    ...options,
    stdin: { contents: source, resolveDir: entryDir, sourcefile: 'merged-entry.mjs', loader: 'js' },
    bundle: true,
    splitting: false,
    format: 'esm',
    write: false,
    outfile: entryFile,
    metafile: true,
    plugins: [
      {
        name: 'merge-eager-chunks',
        setup(plugin) {
          plugin.onResolve({ filter: /.*/ }, (args) => {
            if (args.path.startsWith('node:') || !args.path.startsWith('.'))
              return { path: args.path, external: true };
            const file = resolve(args.resolveDir, args.path);
            if (merged.has(file)) return { path: file };
            // A chunk loaded later (every one of them through import()): addressed from the entry now.
            // A lazy chunk's merged code keeps its static imports of files outside the merge.
            if (args.kind !== 'dynamic-import' && !outside) {
              throw new Error(`${args.importer} imports ${args.path} statically, outside the start closure`);
            }
            return { path: relativeSpecifier(entryDir, file), external: true };
          });
          plugin.onLoad({ filter: /\.mjs$/ }, (args) => {
            let code = readFileSync(args.path, 'utf8');
            if (code.startsWith(banner)) {
              const rest = code.slice(banner.length);
              // The banner stays only where the code calls require (esbuild's __require shim).
              if (!/\brequire\b/.test(rest)) code = rest;
            }
            // The merged code runs from the entry's directory: a chunk's own import.meta would change.
            if (args.path !== entryFile && code.replace(REQUIRE_BANNER, '').includes('import.meta')) {
              throw new Error(`${args.path} reads import.meta, which merging into the entry would change`);
            }
            return { contents: code, loader: 'js' };
          });
        },
      },
    ],
  });
  const [output] = result.outputFiles;
  writeFileSync(entryFile, output.contents);

  const outputs = { ...metafile.outputs };
  const inputs = {};
  const imports = [];
  const seenImports = new Set();
  for (const file of [entry, ...chunks]) {
    Object.assign(inputs, metafile.outputs[file].inputs);
    for (const imported of metafile.outputs[file].imports) {
      if (!imported.external && merged.has(resolve(packageDir, imported.path))) continue;
      const key = `${imported.kind} ${imported.path}`;
      if (seenImports.has(key)) continue;
      seenImports.add(key);
      imports.push(imported);
    }
  }
  outputs[entry] = { ...metafile.outputs[entry], imports, inputs, bytes: output.contents.length };
  for (const file of chunks) {
    const names = metafile.outputs[file].exports;
    const from = JSON.stringify(relativeSpecifier(dirname(resolve(packageDir, file)), entryFile));
    const code =
      names.length === 0
        ? `import ${from};\n`
        : `export{${names.map((name) => `${alias.get(file)}${name} as ${name}`).join(',')}}from${from};\n`;
    writeFileSync(resolve(packageDir, file), code);
    outputs[file] = {
      imports: [{ path: entry, kind: 'import-statement' }],
      exports: names,
      inputs: {},
      bytes: Buffer.byteLength(code),
    };
  }
  const exported = result.metafile.outputs[relative(process.cwd(), entryFile)]?.exports;
  if (exported !== undefined) outputs[entry].exports = exported.filter((name) => !name.startsWith(prefix));
  return importFromEntry({ ...metafile, outputs }, entry, alias, packageDir);
}

// An import or re-export of a chunk as esbuild writes them, minified: `import"./c.mjs";`,
// `import{a as b,c}from"./c.mjs";`, `export{a as b}from"./c.mjs";`.
const CHUNK_IMPORT = /\b(import|export)(\{[^}]*\})?(?:from)?"(\.\.?\/[^"]+\.mjs)";/g;

/**
 * Points the imports of the chunks merged into the entry at the entry itself: every other output
 * that imported a former chunk (each now one line re-exporting it from the entry) imports the same
 * bindings from the entry under their merged names, so the first call of a lazy path does not
 * resolve, read, compile, link and evaluate those one-line modules (the first authenticated
 * `tools/call` loaded 7 of them). The same module instances, in the same order: a former chunk's
 * only effect is the entry's evaluation, which an import of the entry keeps. A namespace or
 * default import of one (esbuild writes none) is left as it is. Answers the metafile with the
 * outputs' new imports and sizes.
 */
function importFromEntry(metafile, entry, alias, packageDir) {
  const entryFile = resolve(packageDir, entry);
  const outputs = { ...metafile.outputs };
  for (const [file, output] of Object.entries(outputs)) {
    if (file === entry || alias.has(file) || !file.endsWith('.mjs')) continue;
    const path = resolve(packageDir, file);
    const fromEntry = JSON.stringify(relativeSpecifier(dirname(path), entryFile));
    let rewrote = false;
    const code = readFileSync(path, 'utf8').replace(CHUNK_IMPORT, (statement, keyword, names, specifier) => {
      const chunk = relative(packageDir, resolve(dirname(path), specifier))
        .split('\\')
        .join('/');
      const prefix = alias.get(chunk);
      if (prefix === undefined) return statement;
      rewrote = true;
      if (names === undefined) return `${keyword}${fromEntry};`;
      const bindings = names
        .slice(1, -1)
        .split(',')
        .map((item) => {
          const [name, local = name] = item.trim().split(/\s+as\s+/);
          return `${prefix}${name} as ${local}`;
        });
      return `${keyword}{${bindings.join(',')}}from${fromEntry};`;
    });
    if (!rewrote) continue;
    writeFileSync(path, code);
    const imports = [];
    const seen = new Set();
    for (const imported of output.imports) {
      const path =
        !imported.external && alias.has(imported.path) && !code.includes(imported.path.split('/').at(-1))
          ? entry
          : imported.path;
      const key = `${imported.kind} ${path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      imports.push({ ...imported, path });
    }
    outputs[file] = { ...output, imports, bytes: Buffer.byteLength(code) };
  }
  return { ...metafile, outputs };
}

/**
 * Drops {@link REQUIRE_BANNER} from every output of `metafile` whose code never names `require`
 * (all but esbuild's `__require` shim and the CommonJS code that calls it): each kept banner costs
 * its module an import of node:module and a createRequire call when it loads. Answers the metafile
 * with the outputs' new sizes.
 */
export function dropUnusedRequireBanners(metafile, packageDir) {
  const banner = `${REQUIRE_BANNER}\n`;
  const outputs = { ...metafile.outputs };
  for (const [file, output] of Object.entries(outputs)) {
    if (!file.endsWith('.mjs')) continue;
    const path = resolve(packageDir, file);
    const code = readFileSync(path, 'utf8');
    if (!code.startsWith(banner) || /\brequire\b/.test(code.slice(banner.length))) continue;
    const rest = code.slice(banner.length);
    writeFileSync(path, rest);
    outputs[file] = {
      ...output,
      bytes: Buffer.byteLength(rest),
      imports: output.imports.filter((imported) => !(imported.external && imported.path === 'node:module')),
    };
  }
  return { ...metafile, outputs };
}
