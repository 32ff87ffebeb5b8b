// The light load generator: HTTP/1.1 over raw `net` sockets, keep-alive, one request in flight per
// connection (no pipelining, as autocannon's default). Each request is encoded once, before the run;
// an answer is framed by its Content-Length or its chunks and never decoded, copied or parsed as
// JSON, so a response costs the generator a few hundred nanoseconds of JavaScript besides the
// socket reads. autocannon, by contrast, runs every response through a JavaScript HTTP parser and
// appends its body to a string (a UTF-8 decode of every byte): about 24 KB per `tools/list`, which
// on one core capped the node:http ceiling at about 9,500 req/s (bench/README.md, "The generator").
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';

const CR = 13;
const LF = 10;
const HEAD_END = Buffer.from('\r\n\r\n');
const TIMEOUT_MS = 10_000;
/**
 * Latency histogram: 10 us buckets up to 1 s, then 1 ms buckets up to the 10 s timeout (a slower
 * answer lands in the last one).
 */
const FINE_US = 10;
const FINE_BUCKETS = 100_000;
const COARSE_US = 1_000;
const BUCKETS = FINE_BUCKETS + (TIMEOUT_MS * 1000 - FINE_US * FINE_BUCKETS) / COARSE_US;
const bucketOf = (us) =>
  us < FINE_US * FINE_BUCKETS
    ? Math.floor(us / FINE_US)
    : Math.min(BUCKETS - 1, FINE_BUCKETS + Math.floor((us - FINE_US * FINE_BUCKETS) / COARSE_US));
/** The upper bound of a bucket, in microseconds. */
const bucketTopUs = (bucket) =>
  bucket < FINE_BUCKETS
    ? (bucket + 1) * FINE_US
    : FINE_US * FINE_BUCKETS + (bucket - FINE_BUCKETS + 1) * COARSE_US;
/** Every socket's reads go here; a read is fully consumed before the next one starts. */
const READ_BUFFER = Buffer.allocUnsafe(256 * 1024);

/** One request as the bytes written on the socket: request line, Host, the headers, the body. */
export function encodeRequest(url, headers, body) {
  const target = new URL(url);
  const payload = Buffer.from(body);
  const lines = [`POST ${target.pathname}${target.search} HTTP/1.1`, `host: ${target.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push(`content-length: ${payload.length}`, '', '');
  return Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), payload]);
}

/**
 * The framing of one response head: its status, and how its body ends (`length` bytes, chunked,
 * or at the connection's close). Reads the head as latin1 text: it is a few hundred bytes.
 */
export function readHead(head) {
  const text = head.toString('latin1');
  const status = Number(text.slice(9, 12));
  const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(text);
  const chunked = /\r\ntransfer-encoding:[^\r]*chunked/i.test(text);
  const close = /\r\nconnection:[ \t]*close/i.test(text);
  const bodiless = status === 204 || status === 304 || (status >= 100 && status < 200);
  return {
    status,
    chunked: !bodiless && chunked,
    length: bodiless ? 0 : chunked ? undefined : length ? Number(length[1]) : undefined,
    close,
  };
}

/**
 * A response reader for one connection: `push(chunk)` consumes bytes and calls `onResponse(status)`
 * for each complete response; `untilClose` tells whether the current body ends only at close.
 */
export function responseReader(onResponse) {
  // States: head, body by length, chunk size line, chunk data, chunk data's CRLF, trailers.
  let state = 'head';
  let pendingHead;
  let remaining = 0;
  let sizeText = '';
  let framing;
  let trailerLine = 0;
  const complete = (closing = framing.close) => {
    state = 'head';
    onResponse(framing.status, closing);
  };
  const startBody = () => {
    if (framing.chunked) {
      state = 'size';
      sizeText = '';
    } else if (framing.length === undefined) {
      state = 'close';
    } else if (framing.length === 0) {
      complete();
    } else {
      state = 'length';
      remaining = framing.length;
    }
  };
  return {
    get untilClose() {
      return state === 'close';
    },
    /** The connection closed: a body that ends at close is complete. */
    closed() {
      pendingHead = undefined;
      if (state === 'close') complete(true);
      state = 'head';
    },
    /** Forgets a partial response (the connection is being replaced). */
    reset() {
      pendingHead = undefined;
      state = 'head';
    },
    /** Consumes `chunk[0, end)` (the whole chunk when `end` is not given). */
    push(chunk, end = chunk.length) {
      let offset = 0;
      while (offset < end) {
        if (state === 'head') {
          let data = chunk;
          let from = offset;
          if (pendingHead !== undefined) {
            data = Buffer.concat([pendingHead, chunk.subarray(offset, end)]);
            from = 0;
          }
          const dataEnd = pendingHead === undefined ? end : data.length;
          let headEnd = data.indexOf(HEAD_END, from);
          // Bytes past `end` are stale (the shared buffer): a match must end within the read.
          if (headEnd !== -1 && headEnd + 4 > dataEnd) headEnd = -1;
          if (headEnd === -1) {
            // Copied: `chunk` may be the shared read buffer.
            pendingHead = Buffer.from(data.subarray(from, dataEnd));
            return;
          }
          framing = readHead(data.subarray(from, headEnd + 2));
          // Where the body starts, in `chunk`'s coordinates.
          offset = pendingHead === undefined ? headEnd + 4 : headEnd + 4 - pendingHead.length + offset;
          pendingHead = undefined;
          startBody();
        } else if (state === 'length') {
          const take = Math.min(remaining, end - offset);
          remaining -= take;
          offset += take;
          if (remaining === 0) complete();
        } else if (state === 'size') {
          const byte = chunk[offset++];
          if (byte === LF) {
            const size = Number.parseInt(sizeText, 16);
            if (size === 0) {
              state = 'trailers';
              trailerLine = 0;
            } else {
              state = 'data';
              remaining = size;
            }
          } else if (byte !== CR) {
            sizeText += String.fromCharCode(byte);
          }
        } else if (state === 'data') {
          const take = Math.min(remaining, end - offset);
          remaining -= take;
          offset += take;
          if (remaining === 0) {
            state = 'data-end';
            remaining = 2;
          }
        } else if (state === 'data-end') {
          offset++;
          if (--remaining === 0) {
            state = 'size';
            sizeText = '';
          }
        } else if (state === 'trailers') {
          // Trailer lines end at an empty line; count the bytes of the current line.
          const byte = chunk[offset++];
          if (byte === LF) {
            if (trailerLine === 0) complete();
            trailerLine = 0;
          } else if (byte !== CR) {
            trailerLine++;
          }
        } else {
          // 'close': the body runs to the end of the connection.
          offset = end;
        }
      }
    },
  };
}

/** p50/p90/p99/max/mean in ms of a histogram of `bucketOf` buckets. */
export function latencyOf(histogram, total, sumUs, maxUs) {
  const at = (fraction) => {
    const rank = Math.max(1, Math.ceil(total * fraction));
    let seen = 0;
    for (let bucket = 0; bucket < histogram.length; bucket++) {
      seen += histogram[bucket];
      if (seen >= rank) return Math.min(bucketTopUs(bucket), maxUs) / 1000;
    }
    return maxUs / 1000;
  };
  if (total === 0) return { p50: 0, p90: 0, p99: 0, max: 0, mean: 0 };
  const round = (ms) => Math.round(ms * 100) / 100;
  return {
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p99: round(at(0.99)),
    max: round(maxUs / 1000),
    mean: round(sumUs / total / 1000),
  };
}

/**
 * Runs `connections` keep-alive connections against `url` for `duration` seconds, each sending the
 * next of `bodies` (in order, starting over at the end) as soon as its previous answer is complete.
 * Answers the run in the shape `load-child.mjs` reports.
 */
export function runNetLoad({ url, headers, bodies, duration, connections }) {
  // A body may bring headers of its own (`{ headers, body }`, on top of the job's): the soak run's
  // distinct credentials and request ids.
  const requests = bodies.map((body) =>
    typeof body === 'string'
      ? encodeRequest(url, headers, body)
      : encodeRequest(url, { ...headers, ...body.headers }, body.body),
  );
  const target = new URL(url);
  const port = Number(target.port || 80);
  const host = target.hostname;
  const histogram = new Uint32Array(BUCKETS);
  const totals = { reads: 0, responses: 0, status2xx: 0, non2xx: 0, errors: 0, timeouts: 0, bytes: 0 };
  let sumUs = 0;
  let maxUs = 0;
  let stopping = false;
  const clients = [];

  function client(index) {
    const self = { socket: undefined, sentAt: 0, next: index % requests.length, inFlight: false };
    const send = () => {
      if (stopping) return;
      self.inFlight = true;
      self.sentAt = performance.now();
      self.socket.write(requests[self.next]);
      self.next = (self.next + 1) % requests.length;
    };
    const reader = responseReader((status, close) => {
      const us = (performance.now() - self.sentAt) * 1000;
      self.inFlight = false;
      histogram[bucketOf(us)]++;
      sumUs += us;
      if (us > maxUs) maxUs = us;
      totals.responses++;
      if (status >= 200 && status < 300) totals.status2xx++;
      else totals.non2xx++;
      if (close) reopen();
      else send();
    });
    const open = () => {
      const socket = connect({
        port,
        host,
        noDelay: true,
        // Reads land in one shared buffer, handed over without a stream 'data' event or a Buffer
        // per read; the reader keeps no reference to it past the call.
        onread: {
          buffer: READ_BUFFER,
          callback(bytes, buffer) {
            totals.bytes += bytes;
            totals.reads++;
            reader.push(buffer, bytes);
          },
        },
      });
      self.socket = socket;
      socket.on('connect', send);
      socket.on('error', () => {
        if (!stopping) totals.errors++;
      });
      socket.on('close', () => {
        // A socket already replaced (reopen, the end of the run) has nothing more to say.
        if (self.socket !== socket) return;
        // A body that ends at close is complete now, and its answer reopens the connection.
        if (reader.untilClose) return reader.closed();
        if (self.inFlight && !stopping) totals.errors++;
        if (!stopping) setTimeout(reopen, 10);
      });
    };
    const reopen = () => {
      if (stopping) return;
      const old = self.socket;
      self.socket = undefined;
      old?.destroy();
      reader.reset();
      self.inFlight = false;
      open();
    };
    self.timedOut = () => {
      totals.timeouts++;
      reopen();
    };
    open();
    return self;
  }

  return new Promise((resolve) => {
    const start = performance.now();
    for (let index = 0; index < connections; index++) clients.push(client(index));
    const watchdog = setInterval(() => {
      const now = performance.now();
      for (const entry of clients) {
        if (entry.inFlight && now - entry.sentAt > TIMEOUT_MS) entry.timedOut();
      }
    }, 1_000);
    setTimeout(() => {
      stopping = true;
      const elapsed = (performance.now() - start) / 1000;
      clearInterval(watchdog);
      for (const entry of clients) {
        const socket = entry.socket;
        entry.socket = undefined;
        socket?.destroy();
      }
      resolve({
        requestsPerSecond: totals.responses / elapsed,
        totalRequests: totals.responses,
        durationSeconds: elapsed,
        latencyMs: latencyOf(histogram, totals.responses, sumUs, maxUs),
        bytesPerSecond: totals.bytes / elapsed,
        status2xx: totals.status2xx,
        non2xx: totals.non2xx,
        errors: totals.errors,
        timeouts: totals.timeouts,
        readsPerResponse: totals.responses ? totals.reads / totals.responses : undefined,
      });
    }, duration * 1000);
  });
}
