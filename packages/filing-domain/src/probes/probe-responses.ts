// The probe answers, apart from the readiness check: a server answers `GET /healthz` without
// loading the database modules.

/** Why the server is not ready: a stable code, the same on every runtime. */
export type ReadinessFailure = 'database_timeout' | 'database_unavailable' | 'migrations_pending';

/** The outcome of a readiness check. */
export type Readiness = { ready: true } | { ready: false; reason: ReadinessFailure; message: string };

const PROBE_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' };

/** The `GET /healthz` answer: the process is up. No database call, nothing about the build. */
export function healthResponse(): Response {
  return new Response('{"status":"ok"}', { status: 200, headers: PROBE_HEADERS });
}

/** The `GET /readyz` answer for a {@link Readiness}: 200, or 503 with the reason. */
export function readinessResponse(readiness: Readiness): Response {
  if (readiness.ready) return new Response('{"status":"ready"}', { status: 200, headers: PROBE_HEADERS });
  return new Response(
    JSON.stringify({ status: 'unavailable', reason: readiness.reason, message: readiness.message }),
    { status: 503, headers: PROBE_HEADERS },
  );
}
