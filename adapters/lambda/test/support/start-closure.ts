import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error: a plain .mjs script of the package, without types.
import { firstCallLoads, METAFILE } from '../../bundle-report.mjs';

interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<string, { imports?: { path: string; kind: string }[]; inputs: Record<string, unknown> }>;
}

/**
 * The source files a cold start loads: the inputs of `handler.mjs` and of every chunk it imports
 * statically, from the bundle's metafile (`.bundle/meta.json` of the package, written by bundle.mjs
 * outside dist/). Chunks reached only through `import()` load with the first request that needs
 * them, and are not here.
 */
export function startClosureInputs(packageDir: string): string[] {
  const meta = JSON.parse(readFileSync(join(packageDir, METAFILE), 'utf8')) as Metafile;
  const entry = Object.keys(meta.outputs).find((output) => output.endsWith('/handler.mjs'));
  if (entry === undefined) throw new Error('meta.json names no handler.mjs output');
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const output = pending.pop()!;
    if (seen.has(output)) continue;
    seen.add(output);
    for (const imported of meta.outputs[output]?.imports ?? []) {
      if (imported.kind === 'import-statement' && meta.outputs[imported.path]) pending.push(imported.path);
    }
  }
  return [...seen].flatMap((output) => Object.keys(meta.outputs[output]!.inputs));
}

/**
 * The source files an API key's first `tools/call` of `get_form_schema` loads beyond the start:
 * the inputs of the chunks of `FIRST_CALL_MODULES` (bundle-report.mjs), each module's static
 * closure, from the bundle's metafile.
 */
export function firstCallInputs(packageDir: string): string[] {
  const meta = JSON.parse(readFileSync(join(packageDir, METAFILE), 'utf8')) as Metafile;
  const steps = firstCallLoads(meta, 'dist/lambda/handler.mjs') as { files: string[] }[];
  return steps.flatMap((step) => step.files.flatMap((file) => Object.keys(meta.outputs[file]!.inputs)));
}

/**
 * The output files an API key's first `tools/call` of `get_form_schema` loads beyond the start, in
 * the order of `FIRST_CALL_MODULES`, with the source files each holds (none for a module that
 * only re-exports another file).
 */
export function firstCallFiles(packageDir: string): { file: string; inputs: string[] }[] {
  const meta = JSON.parse(readFileSync(join(packageDir, METAFILE), 'utf8')) as Metafile;
  const steps = firstCallLoads(meta, 'dist/lambda/handler.mjs') as { files: string[] }[];
  return steps.flatMap((step) =>
    step.files.map((file) => ({ file, inputs: Object.keys(meta.outputs[file]!.inputs) })),
  );
}
