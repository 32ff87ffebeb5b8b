// The one list of the environment variables filing-mcp reads (the core's entries, by section, in
// ./config/variables/; each provider's beside it, in its providers/ module). docs/configuration.md and
// .env.example are generated from it (`pnpm docs:config`), and a test of this package fails when
// either is stale or when source code reads a variable that is missing here.

import type { EnvironmentVariable } from './config/environment-variable.js';
import {
  AUTH_VARIABLES,
  RATE_LIMIT_VARIABLES,
  SESSION_VARIABLES,
} from './config/variables/auth-variables.js';
import {
  OPERATIONS_VARIABLES,
  PACKET_VARIABLES,
  SERVERLESS_VARIABLES,
  TELEMETRY_VARIABLES,
} from './config/variables/operations-variables.js';
import { DATABASE_VARIABLES, SERVER_VARIABLES } from './config/variables/server-variables.js';
// The providers' variables are declared beside each provider (submission/providers/,
// payments/providers/): the adapters read them, and the core's settings name none.
import { FAX_VARIABLES, PAYMENT_VARIABLES } from './providers/variables.js';

export {
  ENVIRONMENT_SECTIONS,
  type EnvironmentAdapter,
  type EnvironmentSection,
  type EnvironmentVariable,
} from './config/environment-variable.js';

/**
 * Prefixes of standard variables read by a library rather than by this project's code: the
 * OpenTelemetry SDK reads every `OTEL_*` variable (documented by OpenTelemetry); the ones that
 * change what filing-mcp does are also listed in {@link ENVIRONMENT_VARIABLES}.
 */
export const STANDARD_ENVIRONMENT_PREFIXES: readonly string[] = ['OTEL_'];

/**
 * Every environment variable filing-mcp's packages and adapters read, with its default, the
 * adapters that read it and its meaning.
 */
export const ENVIRONMENT_VARIABLES: readonly EnvironmentVariable[] = [
  ...SERVER_VARIABLES,
  ...DATABASE_VARIABLES,
  ...SESSION_VARIABLES,
  ...AUTH_VARIABLES,
  ...RATE_LIMIT_VARIABLES,
  ...PACKET_VARIABLES,
  ...FAX_VARIABLES,
  ...PAYMENT_VARIABLES,
  ...OPERATIONS_VARIABLES,
  ...TELEMETRY_VARIABLES,
  ...SERVERLESS_VARIABLES,
];
