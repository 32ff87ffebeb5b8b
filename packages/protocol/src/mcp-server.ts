import type { ListChangedKind } from './rev2026-07-28/listen.js';
import type { RequestContext } from './context/request-context.js';

/** The object {@link createMcpServer} returns: plug it into any Fetch-API runtime. */
export interface McpServer {
  /** Answers one HTTP request (any path: route before calling it). */
  fetch(request: Request, context?: RequestContext): Promise<Response>;
  /**
   * The same answer as {@link McpServer.fetch}, without a promise when nothing needs waiting for: a
   * fixed result (`tools/list`, `initialize`, `ping`...) to a request whose body its bridge has read
   * already (the `bodyBytesHook` answering the bytes themselves). For server bridges that can write
   * an answer at once, e.g. `@filing-mcp/node-http`; every other caller uses `fetch`. Every server
   * `createMcpServer` makes has it; a wrapper of one may leave it out.
   */
  respond?(request: Request, context?: RequestContext): Response | Promise<Response>;
  /**
   * Announces that the tools, prompts or resources list changed: `notifications/<kind>/list_changed`
   * goes to every open 2026 `subscriptions/listen` stream of this instance that asked for it,
   * tagged with its subscription id. Throws unless the server was created with `listChanged: true`
   * and serves that kind.
   */
  notifyListChanged(kind: ListChangedKind): void;
}
