import { FILING_SERVER_INFO } from '@filing-mcp/filing-domain';
import { textSetting } from '@filing-mcp/filing-domain/settings';
import { DataDirLockedError } from '../data-dir-lock.js';
import { SettingError } from '../settings.js';
import { apiKeyCommand } from './api-key-command.js';
import { type CliIo, UsageError } from './cli-io.js';
import { migrateCommand } from './migrate-command.js';
import { serveCommand } from './serve-command.js';
import { sessionTokenCommand } from './session-token-command.js';
import { usageOf } from './usage.js';

// A Map, not an object: a command typed as `constructor` or `__proto__` names no command.
const COMMANDS = new Map<string, (args: string[], io: CliIo) => Promise<number>>([
  ['serve', serveCommand],
  ['migrate', migrateCommand],
  ['api-key', apiKeyCommand],
  ['session-token', sessionTokenCommand],
]);

/**
 * The `filing-mcp` command line. Answers the exit code: 0 success, 1 a failure or a bad
 * setting (the message names the environment variable, without a stack), 2 a wrong command line
 * (unknown command or flag, missing value).
 *
 * @example
 * ```ts
 * process.exitCode = await runCli(process.argv.slice(2), { env: currentEnvironment(), stdout, stderr });
 * ```
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    io.stdout(usageOf(''));
    return 0;
  }
  if (command === '-v' || command === '--version') {
    io.stdout(`${FILING_SERVER_INFO.version}\n`);
    return 0;
  }
  const run = COMMANDS.get(command);
  try {
    if (!run) {
      throw new UsageError(
        command.startsWith('-') ? `unknown option '${command}'` : `unknown command '${command}'`,
      );
    }
    return await run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      const where = error.command ? `filing-mcp ${error.command}` : 'filing-mcp';
      io.stderr(`${where}: ${error.message}\nRun '${where} --help' for usage.\n`);
      return 2;
    }
    if (error instanceof SettingError || error instanceof DataDirLockedError) {
      io.stderr(`filing-mcp: ${error.message}\n`);
      return 1;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`filing-mcp ${command}: ${message}\n`);
    // Read on its own: the failure may be the settings' own, before LOG_LEVEL was parsed with them.
    if (
      textSetting(io.env, 'LOG_LEVEL')?.toLowerCase() === 'debug' &&
      error instanceof Error &&
      error.stack
    ) {
      io.stderr(`${error.stack}\n`);
    }
    return 1;
  }
}
