import { configDraftFromEnv } from '@filing-mcp/filing-domain';
import { completeSession } from '../session-secret.js';
import { signSessionToken } from '../session-token.js';
import { nodeSettingsFromEnv, SettingError } from '../settings.js';
import type { CliIo } from './cli-io.js';
import { durationFlag, parseCommandLine, requiredFlag } from './parse-command-line.js';
import { usageOf } from './usage.js';

const DEFAULT_LIFETIME_MS = 3_600_000;

/** `filing-mcp session-token`: prints an HS256 session JWT for a user on stdout. */
export async function sessionTokenCommand(args: string[], io: CliIo): Promise<number> {
  const command = 'session-token';
  const { values } = parseCommandLine(command, args, {
    user: { type: 'string' },
    'expires-in': { type: 'string' },
  });
  if (values.help) {
    io.stdout(usageOf(command));
    return 0;
  }
  const userId = requiredFlag(command, 'user', values.user);
  const expiresInMs = durationFlag(command, values['expires-in']) ?? DEFAULT_LIFETIME_MS;
  const settings = nodeSettingsFromEnv(io.env);
  // The session settings as `serve` reads them (validated), completed as `serve` completes them.
  const { session } = completeSession(settings, configDraftFromEnv(io.env).session);
  const { secret, issuer, audience } = session;
  if (secret === undefined) {
    throw new SettingError(
      'SESSION_JWT_SECRET',
      'session-token signs HS256 tokens and needs SESSION_JWT_SECRET; with SESSION_JWKS_URL, ' +
        'session tokens come from your identity provider',
    );
  }
  const token = await signSessionToken({
    secret,
    userId,
    expiresInMs,
    ...(issuer && { issuer }),
    ...(audience && { audience }),
  });
  io.stdout(`${token}\n`);
  io.stderr(`Session JWT for user ${userId}, valid ${Math.round(expiresInMs / 60_000)} minutes.\n`);
  return 0;
}
