import { migrateToLatest } from '@filing-mcp/filing-domain';
import { nodeSettingsFromEnv } from '../settings.js';
import type { CliIo } from './cli-io.js';
import { parseCommandLine } from './parse-command-line.js';
import { usageOf } from './usage.js';
import { withDatabase } from './with-database.js';

/** `filing-mcp migrate`: runs every migration (oauth-core's, then the filing domain's). */
export async function migrateCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandLine('migrate', args, {});
  if (values.help) {
    io.stdout(usageOf('migrate'));
    return 0;
  }
  const settings = nodeSettingsFromEnv(io.env);
  const applied = await withDatabase(settings, 'migrate', (db) => migrateToLatest(db), { premigrate: false });
  io.stderr(
    applied.length === 0
      ? 'Database is up to date: no migration to apply.\n'
      : `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}:\n${applied.map((name) => `  ${name}\n`).join('')}`,
  );
  return 0;
}
