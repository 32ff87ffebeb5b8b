import { describe, expect, it } from 'vitest';
import { PacketsBusyError } from '../../src/index.js';
import { PacketBuilds, type PacketBuildRequest } from '../../src/resources/packet-builds.js';

/** A build that finishes when the test says, and records whether it was cancelled. */
function controlledBuild(bytes = 10) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const state = { started: 0, aborted: false };
  const build = (signal: AbortSignal) => {
    state.started++;
    signal.addEventListener('abort', () => {
      state.aborted = true;
      fail(signal.reason);
    });
    return new Promise<Uint8Array>((resolve, reject) => {
      finish = () => resolve(new Uint8Array(bytes));
      fail = reject;
    });
  };
  return {
    state,
    build,
    finish: () => finish(),
  };
}

const request = (
  key: string,
  build: (signal: AbortSignal) => Promise<Uint8Array>,
  extra: Partial<PacketBuildRequest<Uint8Array>> = {},
): PacketBuildRequest<Uint8Array> => ({
  key,
  userId: 'user-a',
  build,
  bytes: (pdf) => pdf.byteLength,
  ...extra,
});

describe('PacketBuilds (the packet cache and bounded build queue)', () => {
  it('builds a key once for concurrent callers and answers later ones from the cache', async () => {
    const builds = new PacketBuilds();
    const controlled = controlledBuild();
    const callers = Array.from({ length: 100 }, () => builds.run(request('k', controlled.build)));
    controlled.finish();
    const answers = await Promise.all(callers);
    expect(new Set(answers).size).toBe(1);
    await builds.run(request('k', controlled.build));
    expect(controlled.state.started).toBe(1);
    expect(builds.stats()).toMatchObject({
      builds: 1,
      joined: 99,
      cacheHits: 1,
      cachedBytes: 10,
      running: 0,
    });
  });

  it('refuses a user past their share with PacketsBusyError (503, Retry-After), and lets another user build', async () => {
    const builds = new PacketBuilds({ perUser: 1, concurrency: 1, queueDepth: 4 });
    const first = controlledBuild();
    const running = builds.run(request('a1', first.build));
    const error = (() => {
      try {
        builds.run(request('a2', controlledBuild().build));
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(PacketsBusyError);
    expect(error).toMatchObject({ reason: 'user', retryAfterSeconds: 5 });
    // Another user waits in the queue behind the running build, and is served after it.
    const other = controlledBuild();
    const queued = builds.run(request('b1', other.build, { userId: 'user-b' }));
    expect(builds.stats()).toMatchObject({ running: 1, queued: 1, refused: 1 });
    first.finish();
    await running;
    await Promise.resolve();
    other.finish();
    await expect(queued).resolves.toBeInstanceOf(Uint8Array);
  });

  it('refuses a new build when every slot and the queue are taken', () => {
    const builds = new PacketBuilds({ perUser: 10, concurrency: 1, queueDepth: 1 });
    builds.run(request('a', controlledBuild().build));
    builds.run(request('b', controlledBuild().build));
    expect(() => builds.run(request('c', controlledBuild().build))).toThrow(
      expect.objectContaining({ reason: 'queue' }),
    );
    // Joining a build already queued costs no slot.
    expect(builds.run(request('b', controlledBuild().build))).toBeInstanceOf(Promise);
  });

  it('cancels a build whose every caller has gone: a queued one leaves the queue, a running one is aborted', async () => {
    const builds = new PacketBuilds({ concurrency: 1 });
    const running = controlledBuild();
    const queued = controlledBuild();
    const first = new AbortController();
    const second = new AbortController();
    const runningCalls = [
      builds.run(request('r', running.build, { signal: first.signal })),
      builds.run(request('r', running.build, { signal: second.signal })),
    ];
    const waiting = new AbortController();
    const queuedCall = builds.run(request('q', queued.build, { signal: waiting.signal, userId: 'user-b' }));
    waiting.abort();
    await expect(queuedCall).rejects.toThrow();
    expect(queued.state.started).toBe(0);
    first.abort();
    await expect(runningCalls[0]).rejects.toThrow();
    // One caller is still there: the build goes on.
    expect(running.state.aborted).toBe(false);
    second.abort();
    await expect(runningCalls[1]).rejects.toThrow();
    expect(running.state.aborted).toBe(true);
    await Promise.resolve();
    expect(builds.stats()).toMatchObject({ cancelled: 2, running: 0, queued: 0, cachedBytes: 0 });
  });

  it('keeps at most cacheMaxBytes, dropping the least recently used', async () => {
    const builds = new PacketBuilds({ cacheMaxBytes: 25 });
    const built: string[] = [];
    const run = (key: string) =>
      builds.run(
        request(key, async () => {
          built.push(key);
          return new Uint8Array(10);
        }),
      );
    await run('a');
    await run('b');
    await run('a'); // a is now the most recently used
    await run('c'); // drops b
    expect(builds.stats().cachedBytes).toBe(20);
    await run('a');
    await run('b');
    expect(built).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not keep a failed build: the next caller builds again', async () => {
    const builds = new PacketBuilds();
    let attempts = 0;
    const failing = request('x', async () => {
      attempts++;
      throw new Error('template missing');
    });
    await expect(builds.run(failing)).rejects.toThrow('template missing');
    await expect(builds.run(failing)).rejects.toThrow('template missing');
    expect(attempts).toBe(2);
  });
});
