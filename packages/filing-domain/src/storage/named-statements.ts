/**
 * The statements `boundedPool` sends as named (protocol-level) prepared statements: statement text
 * to name. `filing-statements.ts` fills it when it loads, which is before any of its statements can
 * be sent; kept in a module of its own so that the pool (loaded at a serverless cold start) does not
 * load the statements and the filing kinds with it.
 */
export const NAMED_STATEMENTS = new Map<string, string>();
