// What each dependency and each of our packages contributes to the Lambda bundle, from esbuild's
// metafile (written by bundle.mjs to METAFILE). Used by bundle.mjs and `pnpm bench`.

/**
 * Where bundle.mjs writes esbuild's metafile (about 1.3 MB), relative to adapters/lambda: outside
 * dist/, so that it is neither deployed (dist/lambda is the Lambda zip) nor published (`files`
 * names dist). esbuild's analyzer and `pnpm bench` read it there.
 */
export const METAFILE = '.bundle/meta.json';

/** The package an input belongs to: `zod`, `@opentelemetry/api`, `@filing-mcp/protocol`, `adapters/lambda`. */
export function packageOf(input) {
  const dependency = input.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\//);
  if (dependency) return dependency[1];
  const ours = input.match(/(?:^|\/)packages\/([^/]+)\//);
  if (ours) return `@filing-mcp/${ours[1]}`;
  if (input.startsWith('src/') || input.includes('adapters/lambda/')) return '@filing-mcp/lambda';
  return input.replace(/^.*:/, '');
}

/** The output files reachable from `entry` through the imports that `follow` accepts. */
function closure(metafile, entry, follow) {
  const seen = new Set();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file) || !metafile.outputs[file]) continue;
    seen.add(file);
    for (const imported of metafile.outputs[file].imports) {
      if (!imported.external && follow(imported)) pending.push(imported.path);
    }
  }
  return [...seen];
}

/**
 * The output files a module load evaluates before any dynamic import runs: the entry and, through
 * static imports, the chunks it needs (the set a cold start pays for before the first request).
 */
export function staticClosure(metafile, entry) {
  return closure(metafile, entry, (imported) => imported.kind === 'import-statement');
}

/** Every output file reachable from `entry`, dynamic imports included (what the handler can load). */
export function fullClosure(metafile, entry) {
  return closure(metafile, entry, () => true);
}

/** `{ bytes, packages: [[name, bytes], ...] }` (largest first) of a set of output files. */
export function contributions(metafile, files) {
  const packages = new Map();
  let bytes = 0;
  for (const file of files) {
    const output = metafile.outputs[file];
    bytes += output.bytes;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = packageOf(input);
      packages.set(name, (packages.get(name) ?? 0) + bytesInOutput);
    }
  }
  return { bytes, packages: [...packages].sort((a, b) => b[1] - a[1]) };
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Lines describing a set of outputs: the total, then each package over `minBytes`. */
export function contributionLines(title, { bytes, packages }, minBytes = 512) {
  const lines = [`${title}: ${kb(bytes)} minified`];
  const small = packages.filter(([, size]) => size < minBytes);
  for (const [name, size] of packages.filter(([, size]) => size >= minBytes)) {
    lines.push(`  ${name.padEnd(32)} ${kb(size).padStart(9)}`);
  }
  if (small.length > 0) {
    const rest = small.reduce((sum, [, size]) => sum + size, 0);
    lines.push(`  ${`${small.length} smaller parts`.padEnd(32)} ${kb(rest).padStart(9)}`);
  }
  return lines;
}

/**
 * The modules an API key's first `tools/call` of `get_form_schema` (the cold-start bench's) imports
 * on a cold start (after `initialize`), in the order the server starts them
 * (packages/filing-domain/src/server/filing-server.ts, `credentialCheck`): the driver and the
 * credential check, then the rate limiter (counting on the pool), then the called tool's own
 * module (no zod) and its kind's answer generated at build time (tools/filing-tools.ts,
 * `OWN_MODULES`).
 * docs/performance.md ("What the first call loads") lists them with their cost.
 */
export const FIRST_CALL_MODULES = [
  ['the driver (pg) and its pool', 'serverless/src/postgres-pool.ts'],
  ['the credential check', 'filing-domain/src/auth/authenticate.ts'],
  ['the rate limiter', 'filing-domain/src/rate-limits/rate-limiter.ts'],
  ['the tool get_form_schema, checked without zod', 'filing-domain/src/tools/form-schema-tool.ts'],
  [
    "get_form_schema's 5472 answer, generated at build time",
    'filing-domain/src/forms/form-schema-5472.generated.ts',
  ],
];

/**
 * What the first authenticated `tools/call` loads beyond the start: for each of
 * {@link FIRST_CALL_MODULES} in turn, the output files its dynamic import evaluates that neither
 * the start nor an earlier step loaded, with their bytes and packages. Answers
 * `[{ label, files, bytes, packages }]`; a module the metafile does not hold is left out.
 */
export function firstCallLoads(metafile, entry) {
  const loaded = new Set(staticClosure(metafile, entry));
  const steps = [];
  for (const [label, source] of FIRST_CALL_MODULES) {
    const output = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint?.endsWith(source))?.[0];
    if (output === undefined) continue;
    const files = staticClosure(metafile, output).filter((file) => !loaded.has(file));
    for (const file of files) loaded.add(file);
    steps.push({ label, files, ...contributions(metafile, files) });
  }
  return steps;
}
