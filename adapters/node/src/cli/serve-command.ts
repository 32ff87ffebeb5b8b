import { serveSettingsFromEnv } from '../serve-settings.js';
import { startServer } from '../start-server.js';
import type { CliIo } from './cli-io.js';
import { connectionHelp } from './connection-help.js';
import { parseCommandLine } from './parse-command-line.js';
import { usageOf } from './usage.js';

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * `filing-mcp serve`: starts the server and runs until SIGTERM or SIGINT, then stops gracefully
 * (no new connections, in-flight requests finish within SHUTDOWN_TIMEOUT_MS, the database is
 * closed). A second signal during the stop ends the process at once.
 */
export async function serveCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandLine('serve', args, {});
  if (values.help) {
    io.stdout(usageOf('serve'));
    return 0;
  }
  // Read and validated once, here; the server takes the settings, not the environment.
  const server = await startServer({ settings: serveSettingsFromEnv(io.env) });
  io.stderr(connectionHelp(server));

  return new Promise<number>((resolve) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        io.stderr(`Received ${signal} again: exiting without waiting.\n`);
        process.exit(1);
      }
      stopping = true;
      io.stderr(`Received ${signal}: finishing in-flight requests, then exiting.\n`);
      server.close().then(
        () => {
          for (const name of SIGNALS) process.off(name, onSignal);
          resolve(0);
        },
        (error: unknown) => {
          io.stderr(`filing-mcp: shutdown failed: ${(error as Error)?.message ?? String(error)}\n`);
          resolve(1);
        },
      );
    };
    for (const name of SIGNALS) process.on(name, onSignal);
  });
}
