/**
 * The default error sink of a platform: one stderr line, `[filing-mcp/<platform>] <phase> failed:
 * <name>: <message>`. The error's name and message only, never request data, so no credential can
 * reach the log through it.
 */
export function errorReporter(platform: string): (error: unknown, phase: string) => void {
  return (error, phase) => {
    const description = error instanceof Error ? `${error.name}: ${error.message}` : typeof error;
    console.error(`[filing-mcp/${platform}] ${phase} failed: ${description}`);
  };
}
