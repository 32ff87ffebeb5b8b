import { META_KEYS } from '../mcp/meta-keys.js';
import { FixedResponse, type OutgoingResponse } from '../http/fixed-response.js';
import { JSON_HEADERS, SSE_HEADERS } from '../http/headers.js';
import { sseFrame } from '../http/sse.js';
import type { RpcCall } from '../jsonrpc/message.js';
import { isPlainObject } from '../util/plain-object.js';
import { encodeBody } from '../jsonrpc/response.js';

/** The lists whose changes a server can announce on `subscriptions/listen` (2026-07-28). */
export type ListChangedKind = 'tools' | 'prompts' | 'resources';

const FILTER_KEYS: Readonly<Record<ListChangedKind, string>> = {
  tools: 'toolsListChanged',
  prompts: 'promptsListChanged',
  resources: 'resourcesListChanged',
};
const KEEP_ALIVE_MS = 25_000;

interface Subscriber {
  kinds: ReadonlySet<ListChangedKind>;
  send(kind: ListChangedKind): void;
}

/** Open `subscriptions/listen` streams of one server instance, and the fan-out of list changes. */
export interface ListenHub {
  /** Answers a (validated) `subscriptions/listen` request with a stream that stays open. */
  listen(call: RpcCall, serverInfoMeta: Record<string, unknown>): OutgoingResponse;
  /** Sends `notifications/<kind>/list_changed` to every open stream that asked for it. */
  notify(kind: ListChangedKind): void;
}

/**
 * The listen streams of a server that announces list changes (`listChanged` option). The
 * acknowledgement comes first, naming the honoured subset of the client's filter; each
 * notification carries the subscription id (the listen request's id); the stream stays open until
 * the client closes it. Delivery reaches the streams open on this instance.
 */
export function createListenHub(announced: ReadonlySet<ListChangedKind>): ListenHub {
  const subscribers = new Set<Subscriber>();
  return {
    listen(call, serverInfoMeta) {
      const id = call.id ?? null;
      const filter = isPlainObject(call.params) ? call.params.notifications : undefined;
      if (!isPlainObject(filter)) {
        return new FixedResponse(
          200,
          encodeBody(
            JSON.stringify({
              jsonrpc: '2.0',
              id,
              error: { code: -32602, message: 'Invalid params: notifications must be an object' },
            }),
          ),
          JSON_HEADERS,
        );
      }
      const kinds = new Set<ListChangedKind>();
      const honoured: Record<string, true> = {};
      for (const kind of announced) {
        if (filter[FILTER_KEYS[kind]] === true) {
          kinds.add(kind);
          honoured[FILTER_KEYS[kind]] = true;
        }
      }
      const subscriptionMeta = { [META_KEYS.subscriptionId]: id };
      const ack = JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { notifications: honoured, _meta: subscriptionMeta },
      });
      if (kinds.size === 0) {
        // Nothing to deliver: acknowledge the empty set and end the subscription at once.
        const done = JSON.stringify({
          jsonrpc: '2.0',
          id,
          result: { resultType: 'complete', _meta: { ...subscriptionMeta, ...serverInfoMeta } },
        });
        return new FixedResponse(200, encodeBody(sseFrame(ack) + sseFrame(done)), SSE_HEADERS);
      }
      let subscriber: Subscriber | undefined;
      let keepAlive: ReturnType<typeof setInterval> | undefined;
      const stop = () => {
        if (subscriber !== undefined) subscribers.delete(subscriber);
        if (keepAlive !== undefined) clearInterval(keepAlive);
      };
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encodeBody(sseFrame(ack)));
          subscriber = {
            kinds,
            send(kind) {
              try {
                controller.enqueue(
                  encodeBody(
                    sseFrame(
                      JSON.stringify({
                        jsonrpc: '2.0',
                        method: `notifications/${kind}/list_changed`,
                        params: { _meta: subscriptionMeta },
                      }),
                    ),
                  ),
                );
              } catch {
                stop();
              }
            },
          };
          subscribers.add(subscriber);
          keepAlive = setInterval(() => {
            try {
              controller.enqueue(encodeBody(': keep-alive\n\n'));
            } catch {
              stop();
            }
          }, KEEP_ALIVE_MS);
        },
        // The client closing the stream is how a subscription ends (2026-07-28: cancellation).
        cancel: stop,
      });
      return new Response(body, { status: 200, headers: SSE_HEADERS });
    },
    notify(kind) {
      for (const subscriber of subscribers) if (subscriber.kinds.has(kind)) subscriber.send(kind);
    },
  };
}
