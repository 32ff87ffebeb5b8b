/**
 * The parts of an API Gateway HTTP API (payload format 2.0) event that the adapter reads. Lambda
 * Function URL events have the same shape. Structurally compatible with `APIGatewayProxyEventV2`
 * from `@types/aws-lambda`, so callers need not install those types.
 */
export interface LambdaHttpEvent {
  version?: string;
  rawPath: string;
  rawQueryString: string;
  /** Lower-case names; repeated headers arrive already joined with commas. */
  headers: Record<string, string | undefined>;
  /** Payload 2.0 moves the `Cookie` header here, one entry per cookie. */
  cookies?: string[];
  body?: string;
  isBase64Encoded: boolean;
  requestContext: {
    domainName?: string;
    requestId: string;
    /** `$default` for Function URLs and the default HTTP API stage; otherwise a named stage. */
    stage?: string;
    /** `sourceIp`: the client's address as API Gateway / the Function URL saw it. */
    http: { method: string; path?: string; sourceIp?: string };
  };
}

/**
 * The buffered answer for API Gateway HTTP API and Function URLs (`APIGatewayProxyStructuredResultV2`).
 */
export interface LambdaHttpResult {
  statusCode: number;
  headers: Record<string, string>;
  /** One entry per `Set-Cookie` header: payload 2.0 cannot carry repeated headers in `headers`. */
  cookies?: string[];
  body: string;
  isBase64Encoded: boolean;
}

/** The Lambda invocation context fields the adapter uses. */
export interface LambdaInvocationContext {
  awsRequestId?: string;
}
