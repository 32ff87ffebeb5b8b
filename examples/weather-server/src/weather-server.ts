import {
  createMcpServer,
  defineTool,
  McpError,
  type McpServer,
  type MethodDefinition,
  ToolError,
} from '@filing-mcp/protocol';
import { z } from 'zod';
import { forecastFor } from './forecast.js';

/** Options of {@link createWeatherServer}. */
export interface WeatherServerOptions {
  /** The bearer token `tools/call` requires (`Authorization: Bearer <apiToken>`). */
  apiToken: string;
  /** DNS-rebinding protection when listening on loopback; see `loopbackAllowList`. */
  allowedHosts?: string[];
  allowedOrigins?: string[];
  /** Start date of every forecast, `YYYY-MM-DD`; default today (UTC). Fixed in tests. */
  today?: () => string;
  /** Unexpected errors, for the process's log. */
  onError?: (error: unknown, context: { method?: string; tool?: string }) => void;
}

const CONDITIONS = ['sunny', 'cloudy', 'rain', 'snow', 'wind'] as const;

const forecastDay = z.object({
  date: z.string(),
  condition: z.enum(CONDITIONS),
  highC: z.number(),
  lowC: z.number(),
  precipitationChance: z.number(),
});

const CONDITION_NAMES: Record<string, Record<(typeof CONDITIONS)[number], string>> = {
  en: { sunny: 'Sunny', cloudy: 'Cloudy', rain: 'Rain', snow: 'Snow', wind: 'Wind' },
  pt: { sunny: 'Sol', cloudy: 'Nublado', rain: 'Chuva', snow: 'Neve', wind: 'Vento' },
};

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

// Comparing digests of equal length, every byte, keeps the comparison's time independent of where
// a guessed token first differs.
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length && i < b.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/**
 * A tiny MCP server with one tool, `get_forecast`, and one method of its own, `weather/conditions`,
 * built only on `@filing-mcp/protocol`: the reuse story of the core. Returns `{ fetch }`, ready for any Fetch-API runtime.
 *
 * @example
 * ```ts
 * const weather = createWeatherServer({ apiToken: process.env.WEATHER_API_TOKEN! });
 * export default { fetch: weather.fetch };
 * ```
 */
export function createWeatherServer(options: WeatherServerOptions): McpServer {
  if (options.apiToken.length < 16) throw new TypeError('apiToken must be at least 16 characters');
  const expectedDigest = sha256(options.apiToken);
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));

  const getForecast = defineTool({
    name: 'get_forecast',
    title: 'Weather forecast',
    description: 'Daily weather forecast (condition, high and low in °C, chance of rain) for a city.',
    inputSchema: z.object({
      city: z.string().trim().min(1).max(100).describe('City name, e.g. "Lisbon"'),
      days: z.number().int().min(1).max(7).default(3).describe('Number of days, 1 to 7'),
    }),
    outputSchema: z.object({ city: z.string(), days: z.array(forecastDay) }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler: ({ city, days }) => {
      if (city.toLowerCase() === 'atlantis') throw new ToolError('No forecast for Atlantis: city not found');
      return { city, days: forecastFor(city, days, today()) };
    },
  });

  // A request method of the server's own, beside MCP's: `weather/conditions` answers the conditions a
  // forecast may name, in a language (`{ "language": "pt" }`; English by default). Declared under
  // `capabilities.experimental`, so a client sees it in `initialize`.
  const conditions: MethodDefinition = {
    method: 'weather/conditions',
    experimental: { languages: Object.keys(CONDITION_NAMES) },
    handler: ({ language = 'en' }) => {
      const names = typeof language === 'string' ? CONDITION_NAMES[language] : undefined;
      if (names === undefined)
        throw new McpError(-32602, `Unknown language: ${String(language).slice(0, 20)}`);
      return { conditions: CONDITIONS.map((condition) => ({ condition, name: names[condition] })) };
    },
  };

  return createMcpServer({
    serverInfo: { name: 'weather-example', version: '1.0.0', title: 'Weather (example)' },
    instructions: 'Call get_forecast with a city name to get a daily forecast.',
    tools: [getForecast],
    methods: [conditions],
    authenticate: async (credential) =>
      sameBytes(await sha256(credential), await expectedDigest)
        ? { userId: 'weather-user', credentialPrefix: credential.slice(0, 4) }
        : undefined,
    allowedHosts: options.allowedHosts,
    allowedOrigins: options.allowedOrigins,
    onError: options.onError,
  });
}
