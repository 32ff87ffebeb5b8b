import { textSetting } from '@filing-mcp/filing-domain/settings';
import { type ServerlessSettings, serverlessSettingsFromEnv } from '@filing-mcp/serverless';
import { VERCEL_PLATFORM } from './vercel-platform.js';

/** Environment variables, as in `process.env`. */
export type Environment = Record<string, string | undefined>;

/** The Vercel adapter's settings. */
export interface VercelSettings {
  /**
   * The serverless settings (`serverlessSettingsFromEnv`, with `POSTGRES_URL` beside
   * `DATABASE_URL`), read and validated when an instance starts; a failed start reads them again.
   */
  server(): Promise<ServerlessSettings>;
  /** `CRON_SECRET`, trimmed; undefined while unset (the cleanup function then answers 500). */
  cronSecret(): string | undefined;
}

/** The Vercel settings of the environment `read` answers, read on each use. */
export function vercelSettingsFromEnv(read: () => Environment): VercelSettings {
  return {
    server: () => serverlessSettingsFromEnv(read(), VERCEL_PLATFORM),
    cronSecret: () => textSetting(read(), 'CRON_SECRET'),
  };
}

/** The settings of this process: the one place the Vercel adapter reads `process.env`. */
export const vercelSettings: VercelSettings = vercelSettingsFromEnv(() => process.env);
