import {
  type ApiKeySummary,
  createApiKey,
  listApiKeys,
  parseFilingScope,
  revokeApiKey,
} from '@filing-mcp/filing-domain';
import { nodeSha256Hex } from '../node-hash.js';
import { nodeSettingsFromEnv } from '../settings.js';
import { type CliIo, UsageError } from './cli-io.js';
import { durationFlag, parseCommandLine, requiredFlag } from './parse-command-line.js';
import { usageOf } from './usage.js';
import { withDatabase } from './with-database.js';

/** What `api-key create` gives a key without `--expires-in`: the API keys page's default choice. */
export const DEFAULT_API_KEY_LIFETIME = '90d';

function table(keys: ApiKeySummary[]): string {
  const rows = [
    ['ID', 'PREFIX', 'NAME', 'SCOPE', 'CREATED', 'LAST USED', 'EXPIRES'],
    ...keys.map((key) => [
      key.id,
      `${key.prefix}...`,
      key.name ?? '-',
      key.scope,
      key.createdAt,
      key.lastUsedAt ?? 'never',
      key.expiresAt ?? 'never',
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function create(args: string[], io: CliIo): Promise<number> {
  const command = 'api-key create';
  const { values } = parseCommandLine(command, args, {
    user: { type: 'string' },
    'expires-in': { type: 'string' },
    name: { type: 'string' },
    scope: { type: 'string' },
  });
  if (values.help) {
    io.stdout(usageOf(command));
    return 0;
  }
  const userId = requiredFlag(command, 'user', values.user);
  // The API keys page's default lifetime (90 days); `--expires-in never` opts out.
  const expiresIn = values['expires-in'] ?? DEFAULT_API_KEY_LIFETIME;
  const expiresInMs = expiresIn === 'never' ? undefined : durationFlag(command, expiresIn);
  const name = typeof values.name === 'string' && values.name.trim() !== '' ? values.name.trim() : undefined;
  // Checked before the database is opened, so that a typo changes nothing.
  const scope = parseFilingScope(typeof values.scope === 'string' ? values.scope : undefined);
  if (scope instanceof Error) throw new UsageError(`--scope: ${scope.message}`, command);
  const settings = nodeSettingsFromEnv(io.env);
  const created = await withDatabase(settings, command, async (db) => {
    return createApiKey(db, {
      userId,
      scope,
      hash: nodeSha256Hex,
      ...(expiresInMs !== undefined && { expiresAt: new Date(Date.now() + expiresInMs) }),
      ...(name !== undefined && { name }),
    });
  });
  io.stdout(`${created.key}\n`);
  io.stderr(
    `Created API key ${created.prefix}... (id ${created.id}) for user ${userId}, ` +
      `scope ${created.scope}, ${created.expiresAt ? `expires ${created.expiresAt}` : 'never expires'}.\n` +
      'Store it now: only its hash is kept, it cannot be shown again.\n' +
      'Send it as the header "Authorization: Bearer <key>".\n',
  );
  return 0;
}

async function list(args: string[], io: CliIo): Promise<number> {
  const command = 'api-key list';
  const { values } = parseCommandLine(command, args, { user: { type: 'string' }, json: { type: 'boolean' } });
  if (values.help) {
    io.stdout(usageOf(command));
    return 0;
  }
  const userId = requiredFlag(command, 'user', values.user);
  const settings = nodeSettingsFromEnv(io.env);
  const keys = await withDatabase(settings, command, (db) => listApiKeys(db, userId));
  if (values.json) {
    io.stdout(`${JSON.stringify(keys, null, 2)}\n`);
  } else if (keys.length === 0) {
    io.stderr(`No API keys for user ${userId}.\n`);
  } else {
    io.stdout(`${table(keys)}\n`);
  }
  return 0;
}

async function revoke(args: string[], io: CliIo): Promise<number> {
  const command = 'api-key revoke';
  const { values, positionals } = parseCommandLine(command, args, { user: { type: 'string' } }, true);
  if (values.help) {
    io.stdout(usageOf(command));
    return 0;
  }
  if (positionals.length !== 1) {
    throw new UsageError(
      positionals.length === 0 ? 'the id of the key to revoke is required' : 'revoke takes exactly one id',
      command,
    );
  }
  const id = positionals[0]!;
  const userId = values.user === undefined ? undefined : requiredFlag(command, 'user', values.user);
  const settings = nodeSettingsFromEnv(io.env);
  const revoked = await withDatabase(settings, command, (db) => revokeApiKey(db, id, userId));
  if (!revoked) {
    io.stderr(`No API key with id ${id}${userId === undefined ? '' : ` for user ${userId}`}.\n`);
    return 1;
  }
  io.stderr(`Revoked API key ${id}.\n`);
  return 0;
}

/** `filing-mcp api-key create|list|revoke`. */
export async function apiKeyCommand(args: string[], io: CliIo): Promise<number> {
  const [subcommand, ...rest] = args;
  switch (subcommand) {
    case 'create':
      return create(rest, io);
    case 'list':
      return list(rest, io);
    case 'revoke':
      return revoke(rest, io);
    case '-h':
    case '--help':
      io.stdout(usageOf('api-key'));
      return 0;
    case undefined:
      throw new UsageError('an api-key command is required: create, list or revoke', 'api-key');
    default:
      throw new UsageError(
        `unknown api-key command '${subcommand}' (expected create, list or revoke)`,
        'api-key',
      );
  }
}
