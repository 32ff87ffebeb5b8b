// The one list of the environment variables filing-mcp reads (its entries, by section, in
// ./variables/). docs/configuration.md and
// .env.example are generated from it (`pnpm docs:config`), and a test of this package fails when
// either is stale or when source code reads a variable that is missing here.

import type { EnvironmentVariable } from './environment-variable.js';
import { FAX_VARIABLES } from './variables/fax-variables.js';
import { PAYMENT_VARIABLES } from './variables/payment-variables.js';
import { AUTH_VARIABLES, RATE_LIMIT_VARIABLES, SESSION_VARIABLES } from './variables/auth-variables.js';
import {
  OPERATIONS_VARIABLES,
  PACKET_VARIABLES,
  SERVERLESS_VARIABLES,
  TELEMETRY_VARIABLES,
} from './variables/operations-variables.js';
import { DATABASE_VARIABLES, SERVER_VARIABLES } from './variables/server-variables.js';

export {
  ENVIRONMENT_SECTIONS,
  type EnvironmentAdapter,
  type EnvironmentSection,
  type EnvironmentVariable,
} from './environment-variable.js';

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
