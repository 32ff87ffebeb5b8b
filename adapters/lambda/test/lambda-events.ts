import type { APIGatewayProxyEventV2, LambdaFunctionURLEvent, ScheduledEvent } from 'aws-lambda';

/** What a test wants to say about a request; everything else gets realistic defaults. */
export interface EventInit {
  method?: string;
  rawPath?: string;
  rawQueryString?: string;
  headers?: Record<string, string>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
  requestId?: string;
}

const functionUrlDomain = 'abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws';

/** A Lambda Function URL event, shaped like the sample in the AWS Lambda developer guide. */
export function functionUrlEvent(init: EventInit = {}): LambdaFunctionURLEvent {
  const rawPath = init.rawPath ?? '/';
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString: init.rawQueryString ?? '',
    ...(init.cookies ? { cookies: init.cookies } : {}),
    headers: {
      host: functionUrlDomain,
      'x-amzn-trace-id': 'Root=1-5e723b3e-94a0f5d0f1ff0ba4bc6ff6b8',
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-port': '443',
      'x-forwarded-proto': 'https',
      'user-agent': 'vitest',
      ...init.headers,
    },
    requestContext: {
      accountId: 'anonymous',
      apiId: 'abcdefghijklmnopqrstuvwxyz012345',
      domainName: functionUrlDomain,
      domainPrefix: 'abcdefghijklmnopqrstuvwxyz012345',
      http: {
        method: init.method ?? 'GET',
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: '203.0.113.7',
        userAgent: 'vitest',
      },
      requestId: init.requestId ?? 'c4b9e0a1-7a8f-4d0e-9a51-1f2a3b4c5d6e',
      routeKey: '$default',
      stage: '$default',
      time: '22/Nov/2025:02:26:00 +0000',
      timeEpoch: 1763778360000,
    },
    ...(init.body !== undefined ? { body: init.body } : {}),
    isBase64Encoded: init.isBase64Encoded ?? false,
  };
}

/** An API Gateway HTTP API (payload 2.0) event for a route `ANY /{proxy+}` on the given stage. */
export function httpApiEvent(init: EventInit & { stage?: string } = {}): APIGatewayProxyEventV2 {
  const stage = init.stage ?? '$default';
  const domainName = 'a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com';
  const rawPath = init.rawPath ?? '/';
  return {
    version: '2.0',
    routeKey: 'ANY /{proxy+}',
    rawPath,
    rawQueryString: init.rawQueryString ?? '',
    ...(init.cookies ? { cookies: init.cookies } : {}),
    headers: {
      accept: '*/*',
      'content-length': String(init.body?.length ?? 0),
      host: domainName,
      'x-amzn-trace-id': 'Root=1-5e723b3e-94a0f5d0f1ff0ba4bc6ff6b8',
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-port': '443',
      'x-forwarded-proto': 'https',
      ...init.headers,
    },
    pathParameters: { proxy: rawPath.slice(1) },
    requestContext: {
      accountId: '123456789012',
      apiId: 'a1b2c3d4e5',
      domainName,
      domainPrefix: 'a1b2c3d4e5',
      http: {
        method: init.method ?? 'GET',
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: '203.0.113.7',
        userAgent: 'vitest',
      },
      requestId: init.requestId ?? 'JKJaXmPLvHcESHA=',
      routeKey: 'ANY /{proxy+}',
      stage,
      time: '22/Nov/2025:02:26:00 +0000',
      timeEpoch: 1763778360000,
    },
    ...(init.body !== undefined ? { body: init.body } : {}),
    isBase64Encoded: init.isBase64Encoded ?? false,
  };
}

/** The event an EventBridge schedule rule (`rate(15 minutes)`) delivers to its target function. */
export function scheduledEvent(time = new Date()): ScheduledEvent {
  return {
    version: '0',
    id: '53dc4d37-cffa-4f76-80c9-8b7d4a4d2eaa',
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '123456789012',
    time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: 'eu-west-1',
    resources: [
      'arn:aws:events:eu-west-1:123456789012:rule/filing-mcp-FilingMcpOAuthCleanupFunctionEvery15Minutes',
    ],
    detail: {},
  };
}
