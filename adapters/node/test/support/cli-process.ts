import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built CLI, exactly what `pnpm filing-mcp` runs. */
export const CLI_PATH = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** What a finished CLI run printed and how it ended. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A child environment with nothing of ours inherited: only what `node` needs plus `env`, so a
 * DATABASE_URL or secret of the machine running the tests cannot leak into a test.
 */
export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env };
}

/** Runs `filing-mcp <args>` to completion (bounded by `timeoutMs`). */
export function runCli(
  args: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], {
      cwd: options.cwd,
      env: childEnv(options.env ?? {}),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`filing-mcp ${args.join(' ')} did not finish; stderr: ${stderr}`));
    }, options.timeoutMs ?? 150_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A running `filing-mcp serve`. */
export interface ServeProcess {
  child: ChildProcess;
  /** Where the socket listens, from the start-up message. */
  origin: string;
  /** The MCP endpoint, from the start-up message. */
  mcpUrl: string;
  /** Everything printed so far. */
  output(): { stdout: string; stderr: string };
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
}

/** Starts `filing-mcp serve` and resolves once it prints where it listens (or rejects if it exits first). */
export function startServe(options: {
  cwd: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI_PATH, 'serve'], {
    cwd: options.cwd,
    env: childEnv({ PORT: '0', ...options.env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start; stderr: ${stderr}`));
    }, options.timeoutMs ?? 90_000);
    const check = () => {
      const origin = /listening on (http:\/\/\S+)/.exec(stderr)?.[1];
      const mcpUrl = /MCP endpoint:\s+(\S+)/.exec(stderr)?.[1];
      if (origin && mcpUrl) {
        clearTimeout(timer);
        resolve({ child, origin, mcpUrl, output: () => ({ stdout, stderr }), exited });
      }
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      check();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before listening; stderr: ${stderr}`));
    });
  });
}
