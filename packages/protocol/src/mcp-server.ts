import type { ListChangedKind } from './rev2026-07-28/listen.js';
import type { RequestContext } from './context/request-context.js';

/** The object {@link createMcpServer} returns: plug it into any Fetch-API runtime. */
export interface McpServer {
  /** Answers one HTTP request (any path: route before calling it). */
  fetch(request: Request, context?: RequestContext): Promise<Response>;
  /**
   * Announces that the tools, prompts or resources list changed: `notifications/<kind>/list_changed`
   * goes to every open 2026 `subscriptions/listen` stream of this instance that asked for it,
   * tagged with its subscription id. Throws unless the server was created with `listChanged: true`
   * and serves that kind.
   */
  notifyListChanged(kind: ListChangedKind): void;
}
