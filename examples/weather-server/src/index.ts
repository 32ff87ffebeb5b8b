export { type ForecastDay, forecastFor } from './forecast.js';
export { createWeatherServer, type WeatherServerOptions } from './weather-server.js';
