/** How the adapter maps an event's path onto the URL the application sees. */
export interface LambdaHandlerOptions {
  /**
   * Remove `/{stage}` from the start of `rawPath` for a named (non-`$default`) HTTP API stage.
   * Default `false`: on the `execute-api` address the stage is part of the URL the client used, so it
   * belongs in `MCP_BASE_URL` too. Set it when the application should route as if the stage were absent.
   */
  stripStage?: boolean;
  /**
   * A path prefix to remove before the application sees the request, for example an API mapping key
   * on a custom domain that the application's own base path does not include. Leading and trailing
   * slashes are ignored; a request outside the prefix passes through unchanged.
   */
  basePath?: string;
  /**
   * Told about a failure that cannot reach the client as a response: the application throwing, or a
   * `waitUntil` task rejecting. Default: one line on stderr with the error's name and message only.
   */
  onError?: (error: unknown, phase: 'fetch' | 'waitUntil' | 'stream') => void;
}
