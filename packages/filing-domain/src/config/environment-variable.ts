/** A deployment target that reads environment variables. */
export type EnvironmentAdapter = 'node' | 'vercel' | 'lambda';

/** A default as the configuration page shows it: the code's value, in backticks. */
export function code(value: string | number | boolean): string {
  return `\`${value}\``;
}

/** One environment variable: where it is read, its default and what it means. */
export interface EnvironmentVariable {
  /** The variable's name, e.g. `MCP_BASE_URL`. */
  readonly name: string;
  /**
   * The default, as Markdown (`unset` when there is none): the value the code applies, taken from
   * it (`code(CONFIG_DEFAULTS.x)`, see ../defaults.ts), not restated. The Node adapter's own
   * defaults live in that adapter (adapters/node/src/node-defaults.ts), out of this package's
   * reach: they are written here, and adapters/node/test/node-defaults.test.ts checks them.
   */
  readonly default: string;
  /** The adapters that read it: `all`, or the ones listed. */
  readonly adapters: 'all' | readonly EnvironmentAdapter[];
  /** What it does and which values it takes, as Markdown; links are relative to `docs/`. */
  readonly description: string;
  /** The section of the configuration page it is listed under. */
  readonly section: EnvironmentSection;
}

/** The sections of the configuration page, in their order. */
export const ENVIRONMENT_SECTIONS = [
  'Server and addresses',
  'Database',
  'Sessions and the companion app',
  'Authentication and OAuth',
  'Rate limits',
  'Packets',
  'Fax (Telnyx)',
  'Payments (Stripe)',
  'Operations (Node adapter)',
  'Telemetry',
  'Vercel and Lambda',
] as const;

/** A section of the configuration page. */
export type EnvironmentSection = (typeof ENVIRONMENT_SECTIONS)[number];
