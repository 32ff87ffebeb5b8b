import { booleanSetting, textSetting } from '@filing-mcp/filing-domain/settings';
import {
  type ServerlessPlatform,
  type ServerlessSettings,
  serverlessSettingsFromEnv,
} from '@filing-mcp/serverless';
import type { LambdaHandlerOptions } from './lambda-handler-options.js';

/** Environment variables, as in `process.env`. */
export type Environment = Record<string, string | undefined>;

/**
 * The Lambda adapter's settings: how an event's path maps to the application's, read when the
 * module loads, and the server's, read and validated on the first invocation (a failed start reads
 * them again on the next one).
 */
export interface LambdaSettings {
  /** `LAMBDA_STRIP_STAGE` (default false) and `LAMBDA_BASE_PATH` (default none). */
  routing: Pick<LambdaHandlerOptions, 'stripStage' | 'basePath'>;
  /** The serverless settings (`serverlessSettingsFromEnv`): database, core, companion. */
  server(): Promise<ServerlessSettings>;
}

/**
 * Reads the Lambda settings from the environment `read` answers (the routing now, the server's on
 * each start). Throws `SettingError` naming the variable at fault: `LAMBDA_STRIP_STAGE` takes
 * `true` or `false`.
 */
export function lambdaSettingsFromEnv(read: () => Environment, platform: ServerlessPlatform): LambdaSettings {
  const env = read();
  const stripStage = booleanSetting(env, 'LAMBDA_STRIP_STAGE', false);
  const basePath = textSetting(env, 'LAMBDA_BASE_PATH');
  return {
    routing: { stripStage, ...(basePath && { basePath }) },
    server: () => serverlessSettingsFromEnv(read(), platform),
  };
}

/** The settings of this process: the one place the Lambda adapter reads `process.env`. */
export function readLambdaSettings(platform: ServerlessPlatform): LambdaSettings {
  return lambdaSettingsFromEnv(() => process.env, platform);
}
