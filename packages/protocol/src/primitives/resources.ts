import type { Completer } from './completer.js';
import type { ContentAnnotations, ResourceContents, ResourceDescription } from './content.js';
import type { CacheHints } from '../mcp/cache-hints.js';
import {
  createHandlerContext,
  type HandlerContext,
  inputRequiredResult,
  type PrimitiveServices,
} from './handler-context.js';
import { type InputRequired, isInputRequired } from './input-required.js';
import { invalidParams, type McpError } from '../jsonrpc/mcp-error.js';
import type { ResultOrError, Primitive } from './method-table.js';
import type { Exchange } from '../context/request-context.js';
import { isPlainObject } from '../util/plain-object.js';
import { paginate } from './pagination.js';
import { compileUriTemplate, type UriTemplate } from './uri-template.js';
import { errorOutcome, thrownOutcome } from './outcome.js';

/** What a resource's `read` may answer: one or more contents, or a request for client input. */
export type ResourceReadAnswer = ResourceContents | readonly ResourceContents[] | InputRequired;

/** A resource with a fixed URI, listed by `resources/list`. */
export interface ResourceDefinition extends ResourceDescription {
  /** Reads the contents (`resources/read`). */
  read: (uri: string, context: HandlerContext) => ResourceReadAnswer | Promise<ResourceReadAnswer>;
}

/** A family of resources named by a URI template, listed by `resources/templates/list`. */
export interface ResourceTemplateDefinition {
  /** RFC 6570 template with `{name}` (one segment) or `{+name}` (any text) expressions. */
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: ContentAnnotations;
  /** Completions of the template's variables (`completion/complete` with `ref/resource`). */
  complete?: Readonly<Record<string, Completer>>;
  /**
   * Reads a resource whose URI matches the template; `variables` are percent-decoded. Throw
   * {@link resourceNotFound} when no such resource exists.
   */
  read: (
    uri: string,
    variables: Record<string, string>,
    context: HandlerContext,
  ) => ResourceReadAnswer | Promise<ResourceReadAnswer>;
}

/**
 * The error of a `resources/read` for a resource that does not exist: -32602 with `data.uri`
 * (MCP 2026-07-28, SEP-2164; never -32002 and never an empty `contents`).
 */
export function resourceNotFound(uri: string): McpError {
  return invalidParams(`Resource not found: ${uri.length > 256 ? `${uri.slice(0, 256)}...` : uri}`, { uri });
}

function listEntry(definition: Omit<ResourceDefinition, 'read'> | Omit<ResourceTemplateDefinition, 'read'>) {
  const entry: Record<string, unknown> = {};
  for (const key of [
    'uri',
    'uriTemplate',
    'name',
    'title',
    'description',
    'mimeType',
    'size',
    'annotations',
  ]) {
    const value = (definition as unknown as Record<string, unknown>)[key];
    if (value !== undefined) entry[key] = value;
  }
  return entry;
}

function isContents(value: unknown): value is ResourceContents {
  return (
    isPlainObject(value) &&
    typeof value.uri === 'string' &&
    (typeof value.text === 'string' || typeof value.blob === 'string')
  );
}

/** A paginated list method whose pages are serialized once, on first request. */
function pagedList(
  key: string,
  items: readonly unknown[],
  pageSize: number,
): (params: unknown) => ResultOrError {
  const pages = new Map<string, string>();
  return (params) => {
    const cursor = isPlainObject(params) ? params.cursor : undefined;
    const cacheKey = typeof cursor === 'string' ? cursor : '';
    const cached = pages.get(cacheKey);
    if (cached !== undefined) return cached;
    let page: ReturnType<typeof paginate>;
    try {
      page = paginate(items, cursor, pageSize);
    } catch (error) {
      return errorOutcome(error);
    }
    const result: Record<string, unknown> = { [key]: page.items };
    if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
    const json = JSON.stringify(result);
    pages.set(cacheKey, json);
    return json;
  };
}

/** The resources of a server: their list, template list and `resources/read`. */
export interface ResourcesPrimitive extends Primitive {
  /** The completer of a template variable, for `completion/complete`; `null` for an unknown template. */
  completerFor(uriTemplate: string, variable: string): Completer | undefined | null;
}

/**
 * The resources primitive: `resources/list` and `resources/templates/list` (paginated, serialized
 * once per page), `resources/read` (text and binary contents; unknown URIs -32602 with
 * `data.uri`; caching hints `readCacheHints`, default the server's), and the `resources` capability.
 *
 * @throws TypeError on a duplicate URI or template, or a malformed template.
 */
export function resourcesPrimitive(
  resources: readonly ResourceDefinition[],
  templates: readonly ResourceTemplateDefinition[],
  services: PrimitiveServices,
  readCacheHints?: CacheHints,
): ResourcesPrimitive {
  const byUri = new Map<string, ResourceDefinition>();
  for (const resource of resources) {
    if (typeof resource.uri !== 'string' || !URL.canParse(resource.uri)) {
      throw new TypeError(`Resource URI ${JSON.stringify(resource.uri)} is not a URI`);
    }
    if (byUri.has(resource.uri)) throw new TypeError(`Resource ${resource.uri} is defined twice`);
    if (typeof resource.read !== 'function') throw new TypeError(`Resource ${resource.uri} needs read`);
    byUri.set(resource.uri, resource);
  }
  const compiled: Array<{ definition: ResourceTemplateDefinition; template: UriTemplate }> = [];
  const byTemplate = new Map<string, ResourceTemplateDefinition>();
  for (const definition of templates) {
    if (byTemplate.has(definition.uriTemplate)) {
      throw new TypeError(`Resource template ${definition.uriTemplate} is defined twice`);
    }
    const template = compileUriTemplate(definition.uriTemplate);
    for (const variable of Object.keys(definition.complete ?? {})) {
      if (!template.variables.includes(variable)) {
        throw new TypeError(
          `Resource template ${definition.uriTemplate} has no variable {${variable}} to complete`,
        );
      }
    }
    byTemplate.set(definition.uriTemplate, definition);
    compiled.push({ definition, template });
  }

  async function read(params: unknown, exchange: Exchange): Promise<ResultOrError> {
    if (!isPlainObject(params) || typeof params.uri !== 'string') {
      return errorOutcome(invalidParams('Invalid params: uri must be a string'));
    }
    const uri = params.uri;
    const binding = { method: 'resources/read', target: uri };
    try {
      let answer: ResourceReadAnswer | undefined;
      const resource = byUri.get(uri);
      if (resource !== undefined) {
        answer = await resource.read(uri, await createHandlerContext(params, exchange, binding, services));
      } else {
        for (const { definition, template } of compiled) {
          const variables = template.match(uri);
          if (variables === undefined) continue;
          const context = await createHandlerContext(params, exchange, binding, services);
          answer = await definition.read(uri, variables, context);
          break;
        }
      }
      if (answer === undefined) return errorOutcome(resourceNotFound(uri));
      if (isInputRequired(answer)) return await inputRequiredResult(answer, exchange, binding, services);
      const contents = Array.isArray(answer) ? answer : [answer];
      if (contents.length === 0) return errorOutcome(resourceNotFound(uri));
      for (const item of contents) {
        if (!isContents(item))
          throw new TypeError(`Resource ${uri} answered contents without uri and text or blob`);
      }
      return JSON.stringify({ contents });
    } catch (error) {
      return thrownOutcome(error, exchange, services, { method: 'resources/read' });
    }
  }

  function subscription(params: unknown): ResultOrError {
    if (!isPlainObject(params) || typeof params.uri !== 'string') {
      return errorOutcome(invalidParams('Invalid params: uri must be a string'));
    }
    const uri = params.uri;
    if (byUri.has(uri) || compiled.some(({ template }) => template.match(uri) !== undefined)) return '{}';
    return errorOutcome(resourceNotFound(uri));
  }

  return {
    capabilities: resources.length + templates.length > 0 ? { resources: {} } : {},
    methods:
      resources.length + templates.length > 0
        ? {
            'resources/list': {
              handle: pagedList('resources', resources.map(listEntry), services.pageSize),
              cacheable: true,
            },
            'resources/templates/list': {
              handle: pagedList('resourceTemplates', templates.map(listEntry), services.pageSize),
              cacheable: true,
            },
            'resources/read': { handle: read, cacheable: readCacheHints ?? true },
            // The 2025 revisions only (2026-07-28 removed them). A stateless server has no stream to
            // send `notifications/resources/updated` on, so it accepts the (un)subscription of a
            // resource it serves and declares no `subscribe` capability.
            'resources/subscribe': { handle: subscription },
            'resources/unsubscribe': { handle: subscription },
          }
        : {},
    completerFor(uriTemplate, variable) {
      const definition = byTemplate.get(uriTemplate);
      if (definition === undefined) return null;
      const { complete } = definition;
      // An own-property check: a client's variable name such as `constructor` is no completer.
      return complete !== undefined && Object.hasOwn(complete, variable) ? complete[variable] : undefined;
    },
  };
}
