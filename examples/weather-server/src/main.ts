import { startWeatherServer } from './http-server.js';

// Entry point: `WEATHER_API_TOKEN=... node dist/main.js`. The token is never printed.
const apiToken = process.env.WEATHER_API_TOKEN;
if (apiToken === undefined || apiToken.length < 16) {
  console.error('Set WEATHER_API_TOKEN (at least 16 characters) to the bearer token clients must send.');
  process.exit(1);
}
const server = await startWeatherServer({
  apiToken,
  host: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? 3001),
  onError: (error, context) => console.error('weather-server: unexpected error', context, error),
});
console.log(`weather MCP server listening on ${server.url.href}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
