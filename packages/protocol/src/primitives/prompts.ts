import type { Completer } from './completer.js';
import type { ContentBlock } from './content.js';
import {
  createHandlerContext,
  type HandlerContext,
  inputRequiredResult,
  type PrimitiveServices,
} from './handler-context.js';
import { type InputRequired, isInputRequired } from './input-required.js';
import { invalidParams, McpError } from '../jsonrpc/mcp-error.js';
import type { ResultOrError, Primitive } from './method-table.js';
import type { Exchange } from '../context/request-context.js';
import { isPlainObject } from '../util/plain-object.js';
import { paginate } from './pagination.js';
import { errorOutcome } from './outcome.js';

/** One argument of a prompt (prompt arguments are strings). */
export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
  /** Suggests values for this argument (`completion/complete` with `ref/prompt`). */
  complete?: Completer;
}

/** One message of a prompt. */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: ContentBlock;
}

/** What a prompt's `get` answers (MCP `GetPromptResult`), or a request for client input. */
export type PromptGetAnswer = { description?: string; messages: PromptMessage[] } | InputRequired;

/** A prompt, listed by `prompts/list` and rendered by `prompts/get`. */
export interface PromptDefinition {
  name: string;
  title?: string;
  description?: string;
  arguments?: readonly PromptArgument[];
  /** Renders the prompt; required arguments are present (checked before the call). */
  get: (args: Record<string, string>, context: HandlerContext) => PromptGetAnswer | Promise<PromptGetAnswer>;
}

/** The prompts of a server: their list and `prompts/get`. */
export interface PromptsPrimitive extends Primitive {
  /** The completer of a prompt argument, for `completion/complete`; `null` for an unknown prompt. */
  completerFor(prompt: string, argument: string): Completer | undefined | null;
}

function listEntry(prompt: PromptDefinition): Record<string, unknown> {
  const entry: Record<string, unknown> = { name: prompt.name };
  if (prompt.title !== undefined) entry.title = prompt.title;
  if (prompt.description !== undefined) entry.description = prompt.description;
  if (prompt.arguments !== undefined) {
    entry.arguments = prompt.arguments.map(({ complete: _complete, ...argument }) => argument);
  }
  return entry;
}

/**
 * The prompts primitive: `prompts/list` (paginated, serialized once per page), `prompts/get`
 * (string arguments, required ones checked: -32602 naming them), and the `prompts` capability.
 *
 * @throws TypeError on a duplicate or unnamed prompt.
 */
export function promptsPrimitive(
  prompts: readonly PromptDefinition[],
  services: PrimitiveServices,
): PromptsPrimitive {
  const byName = new Map<string, PromptDefinition>();
  for (const prompt of prompts) {
    if (typeof prompt.name !== 'string' || prompt.name === '') throw new TypeError('A prompt needs a name');
    if (byName.has(prompt.name)) throw new TypeError(`Prompt ${prompt.name} is defined twice`);
    if (typeof prompt.get !== 'function') throw new TypeError(`Prompt ${prompt.name} needs get`);
    byName.set(prompt.name, prompt);
  }
  const listed = prompts.map(listEntry);
  const pages = new Map<string, string>();

  function list(params: unknown): ResultOrError {
    const cursor = isPlainObject(params) ? params.cursor : undefined;
    const key = typeof cursor === 'string' ? cursor : '';
    const cached = pages.get(key);
    if (cached !== undefined) return cached;
    try {
      const page = paginate(listed, cursor, services.pageSize);
      const json = JSON.stringify(
        page.nextCursor === undefined
          ? { prompts: page.items }
          : { prompts: page.items, nextCursor: page.nextCursor },
      );
      pages.set(key, json);
      return json;
    } catch (error) {
      return errorOutcome(error);
    }
  }

  async function get(params: unknown, exchange: Exchange): Promise<ResultOrError> {
    if (!isPlainObject(params) || typeof params.name !== 'string') {
      return errorOutcome(invalidParams('Invalid params: name must be a string'));
    }
    const prompt = byName.get(params.name);
    if (prompt === undefined)
      return errorOutcome(invalidParams(`Unknown prompt: ${params.name.slice(0, 128)}`));
    const args = params.arguments ?? {};
    if (!isPlainObject(args) || Object.values(args).some((value) => typeof value !== 'string')) {
      return errorOutcome(invalidParams('Invalid params: arguments must be an object of strings'));
    }
    const missing = (prompt.arguments ?? []).filter(
      (argument) => argument.required && !Object.hasOwn(args, argument.name),
    );
    if (missing.length > 0) {
      return errorOutcome(
        invalidParams(
          `Invalid params: missing required argument(s): ${missing.map((a) => a.name).join(', ')}`,
        ),
      );
    }
    const binding = { method: 'prompts/get', target: prompt.name };
    try {
      const context = await createHandlerContext(params, exchange, binding, services);
      const answer = await prompt.get(args as Record<string, string>, context);
      if (isInputRequired(answer)) return await inputRequiredResult(answer, exchange, binding, services);
      if (!isPlainObject(answer) || !Array.isArray(answer.messages)) {
        throw new TypeError(`Prompt ${prompt.name} answered without messages`);
      }
      return JSON.stringify(answer);
    } catch (error) {
      if (!(error instanceof McpError)) services.reportError(error, { method: 'prompts/get' });
      return errorOutcome(error);
    }
  }

  return {
    capabilities: prompts.length > 0 ? { prompts: {} } : {},
    methods:
      prompts.length > 0
        ? { 'prompts/list': { handle: list, cacheable: true }, 'prompts/get': { handle: get } }
        : {},
    completerFor(name, argument) {
      const prompt = byName.get(name);
      if (prompt === undefined) return null;
      return prompt.arguments?.find((candidate) => candidate.name === argument)?.complete;
    },
  };
}
