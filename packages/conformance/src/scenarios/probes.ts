import { describe, expect, it } from 'vitest';
import type { Scenarios } from '../support/scenario-context.js';

/** `/healthz` and `/readyz` at the origin: no credential, nothing about the build or the config. */
export const probeScenarios: Scenarios = (context) => {
  describe('health and readiness probes', () => {
    it('GET /healthz answers 200 {"status":"ok"} without a credential', async () => {
      const response = await context.target.fetch(`${new URL(context.target.baseUrl).origin}/healthz`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ status: 'ok' });
    });

    it('GET /readyz answers 200 {"status":"ready"} on a migrated database, even with a bad credential', async () => {
      const response = await context.target.fetch(`${new URL(context.target.baseUrl).origin}/readyz`, {
        headers: { authorization: 'Bearer nf_definitely-not-valid' },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ready' });
    });

    it('answers 404 to POST /readyz: the probes are read-only', async () => {
      const response = await context.target.fetch(`${new URL(context.target.baseUrl).origin}/readyz`, {
        method: 'POST',
      });
      expect(response.status).toBe(404);
    });
  });
};
