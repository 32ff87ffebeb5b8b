import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The part of `@vercel/node`'s runtime API used here (the package ships no types for it). */
interface VercelNodeRuntime {
  startDevServer(options: {
    entrypoint: string;
    workPath: string;
    config: Record<string, unknown>;
    meta: { env: Record<string, string> };
    files: Record<string, unknown>;
  }): Promise<{ port: number; pid: number; shutdown(): Promise<void> } | null>;
}

/** A function file served by Vercel's own Node.js runtime code in a child process. */
export interface VercelDevFunction {
  /** `http://127.0.0.1:<port>`: the runtime's socket, which invokes the function for any path. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a function file with `startDevServer` from `@vercel/node`, the runtime code `vercel dev`
 * forks: a child process that imports the file as the platform does, detects its handler, and
 * invokes it for each request on its socket, with Vercel's request context (`waitUntil`).
 *
 * `preload` modules are imported into the child before the function (`node --import`), e.g. a
 * clock a test moves. Vercel's production launcher is not published; routing (`vercel.json`
 * rewrites) is the platform's, not this runtime's: callers apply it themselves.
 */
export async function startVercelDevFunction(options: {
  /** The package directory (`workPath`). */
  workPath: string;
  /** The function file, relative to `workPath`, e.g. `api/mcp-server.js`. */
  entrypoint: string;
  /** The function's environment (Project Settings → Environment Variables). */
  env: Record<string, string>;
  preload?: string[];
}): Promise<VercelDevFunction> {
  const { startDevServer } = require('@vercel/node') as VercelNodeRuntime;
  // startDevServer hands the child this process's NODE_OPTIONS (plus its own), not meta.env's.
  const savedNodeOptions = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = [savedNodeOptions, ...(options.preload ?? []).map((url) => `--import=${url}`)]
    .filter(Boolean)
    .join(' ');
  let started: Awaited<ReturnType<VercelNodeRuntime['startDevServer']>>;
  try {
    started = await startDevServer({
      entrypoint: options.entrypoint,
      workPath: options.workPath,
      config: {},
      meta: { env: options.env },
      files: {},
    });
  } finally {
    if (savedNodeOptions === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = savedNodeOptions;
  }
  if (!started) throw new Error(`@vercel/node did not serve ${options.entrypoint}`);
  const { port, shutdown } = started;
  return { url: `http://127.0.0.1:${port}`, close: shutdown };
}
