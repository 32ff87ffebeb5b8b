export { type ForecastDay, forecastFor } from './forecast.js';
export { type WeatherHttpServer, type WeatherHttpOptions, startWeatherServer } from './http-server.js';
export { createWeatherServer, type WeatherServerOptions } from './weather-server.js';
