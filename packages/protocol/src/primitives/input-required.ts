import { invalidParams, McpError } from '../jsonrpc/mcp-error.js';
import { base64url, fromBase64url, secretKey } from '../util/secret-key.js';

/** An elicitation the server asks the client for (`elicitation/create`). */
export interface ElicitInputRequest {
  method: 'elicitation/create';
  params: { message: string; requestedSchema: Record<string, unknown>; [key: string]: unknown };
}

/** An LLM completion the server asks the client for (`sampling/createMessage`). */
export interface SamplingInputRequest {
  method: 'sampling/createMessage';
  params: { messages: unknown[]; maxTokens: number; [key: string]: unknown };
}

/** The client's roots (`roots/list`). */
export interface ListRootsInputRequest {
  method: 'roots/list';
  params?: Record<string, unknown>;
}

/** One request of an `input_required` result (SEP-2322). */
export type InputRequest = ElicitInputRequest | SamplingInputRequest | ListRootsInputRequest;

const INPUT_REQUIRED: unique symbol = Symbol.for('@filing-mcp/protocol/input-required');

/**
 * What a tool, prompt or resource handler returns to ask the client for input before it can
 * answer (MCP 2026-07-28, SEP-2322 `input_required`). Build it with {@link inputRequired}.
 */
export interface InputRequired {
  readonly [INPUT_REQUIRED]: true;
  readonly inputRequests: Readonly<Record<string, InputRequest>> | undefined;
  readonly state: unknown;
}

/**
 * Asks the client for input: each entry of `inputRequests` is answered, under the same key, in
 * the retried request's `context.inputResponses`. `state` (any JSON value) comes back as
 * `context.state`; it travels sealed (AES-GCM, bound to the method, the tool/prompt/resource, the
 * principal and an expiry), so the client can neither read nor change it.
 *
 * @example
 * ```ts
 * handler: (args, context) => {
 *   const answer = context.inputResponses?.name;
 *   if (answer === undefined) {
 *     return inputRequired({ inputRequests: { name: { method: 'elicitation/create',
 *       params: { message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } } } } });
 *   }
 *   return { greeting: `Hello ${(answer as { content: { name: string } }).content.name}` };
 * }
 * ```
 */
export function inputRequired(request: {
  inputRequests?: Record<string, InputRequest>;
  state?: unknown;
}): InputRequired {
  if (request.inputRequests === undefined && request.state === undefined) {
    throw new TypeError('inputRequired needs inputRequests, state or both');
  }
  return Object.freeze({
    [INPUT_REQUIRED]: true as const,
    inputRequests: request.inputRequests,
    state: request.state,
  });
}

/** Whether a handler's answer is an {@link InputRequired}. */
export function isInputRequired(value: unknown): value is InputRequired {
  return typeof value === 'object' && value !== null && INPUT_REQUIRED in value;
}

const CAPABILITY_OF_METHOD: Readonly<Record<string, string>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/**
 * The client capabilities `inputRequests` need that `clientCapabilities` lacks, as a
 * ClientCapabilities object (`{ sampling: {} }`), or `undefined` when all are declared.
 */
export function missingCapabilities(
  inputRequests: Readonly<Record<string, InputRequest>> | undefined,
  clientCapabilities: Readonly<Record<string, unknown>>,
): Record<string, object> | undefined {
  let missing: Record<string, object> | undefined;
  for (const request of Object.values(inputRequests ?? {})) {
    const capability = CAPABILITY_OF_METHOD[request.method];
    if (capability === undefined) throw new TypeError(`Unknown input request method ${request.method}`);
    const declared = clientCapabilities[capability];
    if (typeof declared !== 'object' || declared === null) {
      missing ??= {};
      missing[capability] = {};
    }
  }
  return missing;
}

/** The -32021 error of a request that needs client capabilities the client did not declare. */
export function missingCapabilityError(requiredCapabilities: Record<string, object>): McpError {
  return new McpError(
    -32021,
    `Missing required client capability: ${Object.keys(requiredCapabilities).join(', ')}`,
    { requiredCapabilities },
  );
}

/**
 * Reads `params.inputResponses` of a retried request: absent, or an object of objects (one per
 * input request key). Anything else is a malformed request (-32602).
 */
export function readInputResponses(params: Record<string, unknown>): Record<string, unknown> | undefined {
  const responses = params.inputResponses;
  if (responses === undefined) return undefined;
  if (typeof responses !== 'object' || responses === null || Array.isArray(responses)) {
    throw invalidParams('Invalid params: inputResponses must be an object');
  }
  for (const [key, value] of Object.entries(responses)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw invalidParams(`Invalid params: inputResponses.${key} must be an object`);
    }
  }
  return responses as Record<string, unknown>;
}

/** What a sealed `requestState` is bound to: it opens only for the same values. */
export interface RequestStateBinding {
  /** The JSON-RPC method (`tools/call`, `prompts/get`, `resources/read`). */
  method: string;
  /** The tool or prompt name, or the resource URI. */
  target: string;
  /** Who asked: the authenticated user id, or `''` for an anonymous request. */
  principal: string;
}

/** Seals and opens `requestState` values. */
export interface RequestStateSeal {
  /** Encrypts `state` (any JSON value) bound to `binding`, valid for the seal's lifetime. */
  seal(state: unknown, binding: RequestStateBinding): Promise<string>;
  /** The state sealed for `binding`; throws -32602 when the token is tampered, foreign or expired. */
  open(token: unknown, binding: RequestStateBinding): Promise<unknown>;
}

/** Options of {@link createRequestStateSeal}. */
export interface RequestStateSealOptions {
  /**
   * The secret: at least 32 characters, the same on every instance that may receive the retried
   * request. Without it a random key is made per instance (a retry must come back to it).
   */
  secret?: string;
  /** How long a sealed state stays valid, in milliseconds (default 10 minutes). */
  lifetimeMs?: number;
  /** The clock, in milliseconds since the epoch (tests). */
  now?: () => number;
}

// The WebCrypto key type, named through `crypto.subtle` so the file compiles with DOM or Node types.
type AesKey = Parameters<typeof crypto.subtle.encrypt>[1];

const DEFAULT_LIFETIME_MS = 10 * 60 * 1000;
const IV_BYTES = 12;
const TOKEN = /^v1\.[A-Za-z0-9_-]{24,}$/;
const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder('utf-8', { fatal: true });

// The binding is authenticated as AES-GCM additional data: a state opens only for the same
// method, target and principal, without the binding having to travel inside the token.
function additionalData(binding: RequestStateBinding): Uint8Array<ArrayBuffer> {
  return utf8.encode(
    JSON.stringify(['mcp-request-state-v1', binding.method, binding.target, binding.principal]),
  );
}

/**
 * Authenticated encryption (AES-256-GCM through WebCrypto) for `requestState`: the client holds
 * the state between rounds but can neither read it, change it, replay it for another tool or
 * user, nor use it after it expires. Runs on any runtime with `crypto.subtle`.
 *
 * @example
 * ```ts
 * const seal = createRequestStateSeal({ secret: env.REQUEST_STATE_SECRET });
 * const token = await seal.seal({ step: 2 }, { method: 'tools/call', target: 'book', principal: userId });
 * ```
 */
export function createRequestStateSeal(options: RequestStateSealOptions = {}): RequestStateSeal {
  const lifetimeMs = options.lifetimeMs ?? DEFAULT_LIFETIME_MS;
  const now = options.now ?? Date.now;
  if (options.secret !== undefined && options.secret.length < 32) {
    throw new TypeError('requestState secret must be at least 32 characters');
  }
  let key: Promise<AesKey> | undefined;
  const getKey = (): Promise<AesKey> => {
    key ??= secretKey(options.secret, {
      info: 'mcp-request-state-v1',
      algorithm: { name: 'AES-GCM', length: 256 },
      usages: ['encrypt', 'decrypt'],
      name: 'requestState secret',
    });
    return key;
  };
  const refused = (): McpError => invalidParams('Invalid params: requestState is invalid or expired');

  return {
    async seal(state, binding) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const plaintext = utf8.encode(JSON.stringify({ e: now() + lifetimeMs, s: state ?? null }));
      const ciphertext = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: additionalData(binding) },
        await getKey(),
        plaintext,
      );
      const token = new Uint8Array(IV_BYTES + ciphertext.byteLength);
      token.set(iv, 0);
      token.set(new Uint8Array(ciphertext), IV_BYTES);
      return `v1.${base64url(token)}`;
    },
    async open(token, binding) {
      if (typeof token !== 'string' || token.length > 64 * 1024 || !TOKEN.test(token)) throw refused();
      let payload: unknown;
      try {
        const bytes = fromBase64url(token.slice(3));
        const plaintext = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES), additionalData: additionalData(binding) },
          await getKey(),
          bytes.subarray(IV_BYTES),
        );
        payload = JSON.parse(fromUtf8.decode(plaintext));
      } catch {
        throw refused();
      }
      const { e: expiresAt, s: state } = payload as { e: unknown; s: unknown };
      if (typeof expiresAt !== 'number' || now() >= expiresAt) throw refused();
      return state;
    },
  };
}
