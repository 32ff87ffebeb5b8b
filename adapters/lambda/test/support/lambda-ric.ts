import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { type InvocationOutcome, LocalRuntimeApi } from './local-runtime-api.js';

const require = createRequire(import.meta.url);

/** The version of package.json's `config.awsLambdaRic`, which scripts/ensure-lambda-ric.sh installs. */
const version: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  .config.awsLambdaRic;
/** Where scripts/ensure-lambda-ric.sh installs it (the same expression). */
const prefix =
  process.env.AWS_LAMBDA_RIC_PREFIX ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'filing-mcp', `aws-lambda-ric-${version}`);

/**
 * Where AWS's runtime interface client (`aws-lambda-ric`, the code that runs a Node.js function in
 * Lambda) is, or why it is not usable here. No package depends on it (its install compiles a native
 * addon, curl and aws-lambda-cpp then the N-API client, which needs cmake, make and g++):
 * scripts/ensure-lambda-ric.sh, which this package's `test` script runs first, installs it.
 */
export const awsLambdaRic: { entry: string } | { unavailable: string } = (() => {
  let entry: string;
  try {
    entry = require.resolve('aws-lambda-ric', { paths: [prefix] });
  } catch {
    return {
      unavailable: `aws-lambda-ric@${version} is not installed in ${prefix} (scripts/ensure-lambda-ric.sh installs it; its native build needs cmake, make and g++)`,
    };
  }
  if (!existsSync(join(dirname(entry), 'rapid-client.node'))) {
    return {
      unavailable: `aws-lambda-ric is installed but its native client was not built (${dirname(entry)})`,
    };
  }
  return { entry };
})();

/** True when the user skipped this suite by name: `LAMBDA_RUNTIME_TESTS=skip pnpm test`. */
export const ricSkippedByName = process.env.LAMBDA_RUNTIME_TESTS === 'skip';

/**
 * The real runtime must run unless it is skipped by name: a client that is missing fails the suite,
 * with what to do, rather than skipping it in silence.
 */
export function requireRicUnlessSkipped(): void {
  if ('unavailable' in awsLambdaRic && !ricSkippedByName) {
    throw new Error(
      `${awsLambdaRic.unavailable}. Run scripts/ensure-lambda-ric.sh (it says what is missing), or skip this suite by name: LAMBDA_RUNTIME_TESTS=skip pnpm test`,
    );
  }
}

/** A function running in AWS's runtime interface client against a local Runtime API. */
export interface RicFunction {
  /** Sends one event through the Runtime API; resolves with what the function answered. */
  invoke(event: unknown): Promise<InvocationOutcome>;
  /** What the client printed (its logs, the function's console output). */
  output(): string;
  close(): Promise<void>;
}

/**
 * Starts `aws-lambda-ric` in a child process, as Lambda starts a Node.js function: `_HANDLER`
 * (`file.export`) under `LAMBDA_TASK_ROOT`, the Runtime API at `AWS_LAMBDA_RUNTIME_API` (a
 * {@link LocalRuntimeApi} here), and the environment Lambda sets for every function.
 */
export async function startRicFunction(options: {
  taskRoot: string;
  handler: string;
  env?: Record<string, string>;
  /** Modules to import first (`node --import`), e.g. a clock the test moves. */
  preload?: string[];
}): Promise<RicFunction> {
  if ('unavailable' in awsLambdaRic) throw new Error(awsLambdaRic.unavailable);
  const api = new LocalRuntimeApi();
  const address = await api.listen();
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.preload ?? []).map((url) => `--import=${url}`), awsLambdaRic.entry],
    {
      env: {
        PATH: process.env.PATH,
        ...options.env,
        AWS_LAMBDA_RUNTIME_API: address,
        _HANDLER: options.handler,
        LAMBDA_TASK_ROOT: options.taskRoot,
        AWS_LAMBDA_FUNCTION_NAME: 'filing-mcp',
        AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
        AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '1024',
        AWS_LAMBDA_LOG_GROUP_NAME: '/aws/lambda/filing-mcp',
        AWS_LAMBDA_LOG_STREAM_NAME: '2026/11/22/[$LATEST]0123456789abcdef',
        AWS_REGION: 'eu-west-1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    async invoke(event) {
      const outcome = api.invoke(event);
      const died = exited.then(() => {
        throw new Error(`aws-lambda-ric exited (code ${child.exitCode}):\n${output}`);
      });
      return Promise.race([outcome, died]);
    },
    output: () => output,
    async close() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await api.close();
    },
  };
}

/** Splits a streamed HTTP answer into its prelude (status, headers, cookies) and body. */
export function decodeHttpStream(body: Buffer): {
  prelude: { statusCode?: number; headers?: Record<string, string>; cookies?: string[] };
  body: Buffer;
} {
  const delimiter = body.indexOf(Buffer.alloc(8));
  if (delimiter < 0) throw new Error('the stream has no prelude delimiter (8 NUL bytes)');
  return {
    prelude: JSON.parse(body.subarray(0, delimiter).toString('utf8')),
    body: body.subarray(delimiter + 8),
  };
}
