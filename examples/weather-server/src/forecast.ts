/** One day of a forecast. */
export interface ForecastDay {
  /** `YYYY-MM-DD`. */
  date: string;
  condition: 'sunny' | 'cloudy' | 'rain' | 'snow' | 'wind';
  highC: number;
  lowC: number;
  precipitationChance: number;
}

const CONDITIONS: ForecastDay['condition'][] = ['sunny', 'cloudy', 'rain', 'snow', 'wind'];

// FNV-1a: a tiny, stable string hash, so the same city always gets the same weather.
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * A deterministic, made-up forecast: the same city and start date always give the same days. It
 * stands in for a real weather service so the example needs no network and its tests can assert
 * exact values.
 */
export function forecastFor(city: string, days: number, startDate: string): ForecastDay[] {
  const seed = seedOf(city.trim().toLowerCase());
  const start = Date.parse(`${startDate}T00:00:00Z`);
  const forecast: ForecastDay[] = [];
  for (let day = 0; day < days; day++) {
    const value = seedOf(`${seed}:${day}`);
    const highC = (value % 35) - 5;
    forecast.push({
      date: new Date(start + day * 86_400_000).toISOString().slice(0, 10),
      condition: CONDITIONS[value % CONDITIONS.length]!,
      highC,
      lowC: highC - 3 - (value % 8),
      precipitationChance: (value >>> 8) % 101,
    });
  }
  return forecast;
}
