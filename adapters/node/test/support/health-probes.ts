import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

/**
 * CPU time of this process's main thread (the server's event loop; the packet workers are other
 * threads), in milliseconds, from Linux's per-thread accounting (10 ms ticks).
 */
function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, fields 14 and 15 of proc(5), in clock ticks of 10 ms (USER_HZ 100).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One `GET /healthz`. */
export interface Probe {
  /** Round trip of one `GET /healthz`, in milliseconds of wall-clock time. */
  wallMs: number;
  /** CPU time the event loop's thread ran during that round trip. */
  cpuMs: number;
  /** When it was sent (`performance.now()`). */
  sentAt: number;
}

/**
 * Polls `{origin}/healthz` over the socket, one request after another, until `work` settles;
 * answers each round trip's wall-clock time, and the CPU time the event loop's thread spent in it.
 */
export async function healthProbesDuring(origin: string, work: Promise<unknown>): Promise<Probe[]> {
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  const probes: Probe[] = [];
  while (!done) {
    const cpu = mainThreadCpuMs();
    const started = performance.now();
    const response = await fetch(`${origin}/healthz`);
    await response.arrayBuffer();
    probes.push({ wallMs: performance.now() - started, cpuMs: mainThreadCpuMs() - cpu, sentAt: started });
    expect(response.status).toBe(200);
  }
  await settled;
  return probes;
}
