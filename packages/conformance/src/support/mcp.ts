import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ConformanceTarget } from '../conformance-target.js';

let nextId = 1;

/** A fresh JSON-RPC request id, unique within the run, so that echoed ids prove which request was answered. */
export function requestId(): number {
  return nextId++;
}

/** A JSON-RPC request object. */
export function rpcRequest(method: string, params?: unknown, id: number | string = requestId()) {
  return { jsonrpc: '2.0' as const, id, method, ...(params === undefined ? {} : { params }) };
}

/** Options of {@link postMcp}. */
export interface PostOptions {
  /** Sent as `Authorization: Bearer <credential>`. */
  credential?: string;
  headers?: Record<string, string>;
  /** Raw body instead of JSON-serialising `body`. */
  rawBody?: string | Uint8Array;
}

/** POSTs `body` to the MCP endpoint (`{base_url}`), asking for JSON. */
export function postMcp(
  target: ConformanceTarget,
  body: unknown,
  options: PostOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    ...(options.credential ? { authorization: `Bearer ${options.credential}` } : {}),
    ...options.headers,
  };
  return target.fetch(target.baseUrl, {
    method: 'POST',
    headers,
    body: options.rawBody ?? JSON.stringify(body),
  });
}

/** Sends one JSON-RPC request and returns the HTTP response with its parsed JSON body. */
export async function rpc(
  target: ConformanceTarget,
  method: string,
  params?: unknown,
  options: PostOptions = {},
): Promise<{ response: Response; body: any; id: number | string }> {
  const request = rpcRequest(method, params);
  const response = await postMcp(target, request, options);
  const text = await response.text();
  return { response, body: text ? JSON.parse(text) : undefined, id: request.id };
}

/** Result of a `tools/call` that the server answered with HTTP 200 and a JSON-RPC result. */
export interface ToolCallResult {
  isError?: boolean;
  content: Array<{ type: string; text: string }>;
  structuredContent?: Record<string, any>;
}

/** Calls a tool with a credential, asserting the transport-level success (HTTP 200, a JSON-RPC result). */
export async function callTool(
  target: ConformanceTarget,
  credential: string,
  name: string,
  args: Record<string, unknown> = {},
): Promise<ToolCallResult> {
  const { response, body, id } = await rpc(target, 'tools/call', { name, arguments: args }, { credential });
  expect(response.status, JSON.stringify(body)).toBe(200);
  expect(body).toMatchObject({ jsonrpc: '2.0', id });
  expect(body.error, JSON.stringify(body.error)).toBeUndefined();
  return body.result as ToolCallResult;
}

/**
 * Calls a tool that must succeed: asserts the result is not an error, that `structuredContent` is
 * an object, and that the text item carries the same JSON
 * (https://modelcontextprotocol.io/specification/2025-11-25/server/tools#structured-content).
 */
export async function callToolOk(
  target: ConformanceTarget,
  credential: string,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Record<string, any>> {
  const result = await callTool(target, credential, name, args);
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  expect(result.structuredContent).toBeTypeOf('object');
  expect(Array.isArray(result.structuredContent)).toBe(false);
  const text = result.content.find((item) => item.type === 'text');
  expect(text).toBeDefined();
  expect(JSON.parse(text!.text)).toEqual(result.structuredContent);
  return result.structuredContent!;
}

/** Calls a tool that must fail as a tool (not as JSON-RPC) and returns the error text. */
export async function callToolError(
  target: ConformanceTarget,
  credential: string,
  name: string,
  args: Record<string, unknown> = {},
): Promise<string> {
  const result = await callTool(target, credential, name, args);
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  expect(result.content.length).toBeGreaterThan(0);
  expect(result.content[0]!.type).toBe('text');
  return result.content.map((item) => item.text).join('\n');
}

/** A new user with an API key. User ids are random UUIDs so that tests never see each other's rows. */
export async function newUser(target: ConformanceTarget): Promise<{ userId: string; apiKey: string }> {
  const userId = randomUUID();
  return { userId, apiKey: await target.createApiKey(userId) };
}

/** Splits an SSE body into its `message` events' JSON payloads, asserting the spec's framing. */
export function parseSseMessages(body: string): unknown[] {
  const frames = body.split(/\r?\n\r?\n/).filter((frame) => frame.trim() !== '');
  return frames.map((frame) => {
    const lines = frame.split(/\r?\n/);
    expect(lines).toContain('event: message');
    const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart());
    expect(data.length).toBeGreaterThan(0);
    return JSON.parse(data.join('\n'));
  });
}
