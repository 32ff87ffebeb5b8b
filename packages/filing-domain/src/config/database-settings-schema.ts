import * as z from 'zod';
import type { DatabaseSettings, ResolvedDatabaseSettings } from './database-settings.js';

const milliseconds = z
  .number({ message: 'must be an integer number of milliseconds' })
  .int({ message: 'must be an integer number of milliseconds' })
  .positive({ message: 'must be positive' })
  .max(3_600_000, { message: 'must be at most 3600000 (one hour)' });

/**
 * Schema of {@link DatabaseSettings}: one set of PostgreSQL pool settings that every adapter
 * (Node, Vercel, Lambda) applies the same way. `poolMax` has no default here because each platform
 * has its own (Node 10, Vercel 3, Lambda 2); the timeouts share their defaults.
 */
export const databaseSettingsSchema = z
  .object({
    poolMax: z
      .number({ message: 'must be an integer' })
      .int({ message: 'must be an integer' })
      .min(1, { message: 'must be at least 1' })
      .max(1000, { message: 'must be at most 1000' })
      .optional(),
    connectTimeoutMs: milliseconds.default(5_000),
    acquireTimeoutMs: milliseconds.default(5_000),
    statementTimeoutMs: milliseconds.default(10_000),
    idleTimeoutMs: milliseconds.default(10_000),
  })
  .strict();

/** Resolves database settings, applying the platform's pool size when none is set. */
export function resolveDatabaseSettings(
  settings: DatabaseSettings | undefined,
  platform: { poolMax: number; idleTimeoutMs?: number },
): ResolvedDatabaseSettings & { poolMax: number } {
  const resolved = databaseSettingsSchema.parse({
    ...(platform.idleTimeoutMs !== undefined && { idleTimeoutMs: platform.idleTimeoutMs }),
    ...settings,
  });
  return { ...resolved, poolMax: resolved.poolMax ?? platform.poolMax };
}
