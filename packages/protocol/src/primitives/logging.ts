import { isLoggingLevel } from './logging-levels.js';
import { isPlainObject } from '../util/plain-object.js';
import type { ResultOrError, Primitive } from './method-table.js';

/**
 * The logging primitive of a server that declares `logging`: the capability and a 2025-wire
 * `logging/setLevel` that checks the level and answers `{}`. A stateless server keeps no level
 * between requests, so messages go out on each request's own stream (see `HandlerContext.log`).
 */
export function loggingPrimitive(enabled: boolean): Primitive {
  if (!enabled) return { capabilities: {}, methods: {} };
  return {
    capabilities: { logging: {} },
    methods: {
      'logging/setLevel': {
        handle(params: unknown): ResultOrError {
          if (!isPlainObject(params) || !isLoggingLevel(params.level)) {
            return { code: -32602, message: 'Invalid params: level must be a logging level' };
          }
          return '{}';
        },
      },
    },
  };
}
