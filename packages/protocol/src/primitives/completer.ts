/**
 * Suggests values for one argument: of a prompt, or of a resource template's variable
 * (`completion/complete`). `value` is what the user typed so far; `context.arguments` holds the
 * arguments already chosen. Answer at most 100 values; more are cut and reported as `hasMore`.
 */
export type Completer = (
  value: string,
  context: { arguments: Readonly<Record<string, string>> },
) => readonly string[] | Promise<readonly string[]>;
