import { Writable } from 'node:stream';
import type {
  AwsLambdaRuntime,
  HttpResponseStreamPrelude,
  LambdaResponseStream,
  StreamifiedHandler,
} from '../src/aws-lambda-runtime.js';
import type { LambdaInvocationContext } from '../src/lambda-http-event.js';

/** What one streamed invocation put on the wire, decoded the way the Lambda front end reads it. */
export interface StreamedInvocation {
  /** The content type the handler declared for the raw stream. */
  contentType: string | undefined;
  /** The status/headers/cookies prelude, or undefined when the runtime never sent it. */
  prelude: HttpResponseStreamPrelude | undefined;
  /** Body chunks in the order they were written (after the prelude and its 8-byte delimiter). */
  chunks: Buffer[];
  /** The concatenated body as text. */
  body: string;
  /** Whether end() was reached. */
  ended: boolean;
}

const preludeContentType = 'application/vnd.awslambda.http-integration-response';

class RecordingResponseStream extends Writable {
  contentType: string | undefined;
  readonly writes: Buffer[] = [];
  ended = false;

  constructor() {
    super();
    this.on('finish', () => {
      this.ended = true;
    });
  }

  setContentType(contentType: string): void {
    this.contentType = contentType;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (chunk.length > 0) this.writes.push(Buffer.from(chunk));
    callback();
  }

  decode(): StreamedInvocation {
    const raw = Buffer.concat(this.writes);
    const delimiter = Buffer.alloc(8);
    let prelude: HttpResponseStreamPrelude | undefined;
    let bodyWrites = this.writes;
    if (this.contentType === preludeContentType) {
      const at = raw.indexOf(delimiter);
      if (at >= 0) {
        prelude = JSON.parse(raw.subarray(0, at).toString('utf8'));
        // The prelude and the delimiter are the first two writes; the rest is body.
        bodyWrites = this.writes.slice(2);
      }
    }
    return {
      contentType: this.contentType,
      prelude,
      chunks: bodyWrites,
      body: Buffer.concat(bodyWrites).toString('utf8'),
      ended: this.ended,
    };
  }
}

/**
 * Installs a stand-in for the `awslambda` global of the Lambda Node.js runtime. Like the real
 * runtime, `HttpResponseStream.from` sends the JSON prelude and 8 NUL bytes just before the first
 * `write()`, so a handler that only calls `end(data)` loses its status and headers here too.
 */
export function installAwsLambdaStub() {
  const streamified = new WeakSet<object>();
  const runtime: AwsLambdaRuntime = {
    streamifyResponse(handler) {
      // The real runtime tags the handler and, on each invocation, passes it a fresh response stream.
      streamified.add(handler);
      return handler;
    },
    HttpResponseStream: {
      from(responseStream: LambdaResponseStream, prelude: HttpResponseStreamPrelude) {
        responseStream.setContentType?.(preludeContentType);
        const write = responseStream.write.bind(responseStream) as (chunk: unknown) => boolean;
        let preludeSent = false;
        responseStream.write = ((chunk: unknown, ...rest: unknown[]) => {
          if (!preludeSent) {
            preludeSent = true;
            write(JSON.stringify(prelude));
            write(Buffer.alloc(8));
          }
          return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
        }) as typeof responseStream.write;
        return responseStream;
      },
    },
  };
  const global = globalThis as unknown as { awslambda?: AwsLambdaRuntime };
  global.awslambda = runtime;
  return {
    /** Invokes a handler the way the runtime does for a RESPONSE_STREAM function, and decodes the wire. */
    async invoke<TEvent>(
      handler: StreamifiedHandler<TEvent>,
      event: TEvent,
      context: LambdaInvocationContext = { awsRequestId: 'stub-request' },
    ): Promise<StreamedInvocation> {
      if (!streamified.has(handler))
        throw new Error('handler was not wrapped with awslambda.streamifyResponse');
      const stream = new RecordingResponseStream();
      await handler(event, stream, context);
      return stream.decode();
    },
    uninstall() {
      delete global.awslambda;
    },
  };
}
