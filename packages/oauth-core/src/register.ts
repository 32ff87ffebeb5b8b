import { parseClientJsonObject } from './client-text.js';
import type { OAuthContext } from './context.js';
import { generateClientId, generateClientSecret } from './credentials.js';
import { OAuthError } from './errors.js';
import { jsonResponse } from './http-error.js';
import {
  applicationTypeProblem,
  canonicalRedirectUri,
  MAX_REDIRECT_URIS,
  redirectUriProblem,
} from './redirect-uri.js';
import { readBodyText } from './request-body.js';
import type { ApplicationType, OAuthClientRecord, TokenEndpointAuthMethod } from './store.js';

const AUTH_METHODS: readonly TokenEndpointAuthMethod[] = [
  'none',
  'client_secret_post',
  'client_secret_basic',
];
const GRANT_TYPES = ['authorization_code', 'refresh_token'];
const MAX_CLIENT_NAME_LENGTH = 200;
/** Largest registration document accepted, in bytes of UTF-8: registration must stay cheap to store. */
export const MAX_CLIENT_METADATA_BYTES = 16 * 1024;
/** Longest string accepted in any metadata field, known or not. */
export const MAX_CLIENT_METADATA_FIELD_LENGTH = 4096;

const utf8 = new TextEncoder();

/** A string longer than {@link MAX_CLIENT_METADATA_FIELD_LENGTH} anywhere in the document, by its top-level field. */
function overlongField(metadata: Record<string, unknown>): string | undefined {
  for (const [name, value] of Object.entries(metadata)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((item) => typeof item === 'string' && item.length > MAX_CLIENT_METADATA_FIELD_LENGTH)) {
      return /^[A-Za-z0-9_.-]{1,64}$/.test(name) ? name : '(a field)';
    }
  }
  return undefined;
}

function metadataError(description: string): OAuthError {
  return new OAuthError('invalid_client_metadata', description);
}

function stringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * POST /register (RFC 7591). Unknown fields are ignored; the answer is the
 * stored client, with a secret only for a confidential client (its hash is what is kept).
 */
export async function handleRegister(context: OAuthContext, request: Request): Promise<Response> {
  const text = await readBodyText(request, () => metadataError('the body is too large or not UTF-8'));
  if (
    text.length > MAX_CLIENT_METADATA_BYTES / 4 &&
    utf8.encode(text).byteLength > MAX_CLIENT_METADATA_BYTES
  ) {
    throw metadataError(`the registration document must be at most ${MAX_CLIENT_METADATA_BYTES} bytes`);
  }
  const notObject = 'the body must be a JSON object';
  const metadata = parseClientJsonObject(text, metadataError, notObject, notObject);
  const overlong = overlongField(metadata);
  if (overlong !== undefined) {
    throw metadataError(`${overlong} must be at most ${MAX_CLIENT_METADATA_FIELD_LENGTH} characters`);
  }

  const redirectUris = metadata.redirect_uris;
  if (!Array.isArray(redirectUris) || redirectUris.length === 0) {
    throw new OAuthError('invalid_redirect_uri', 'redirect_uris must be a non-empty array');
  }
  if (redirectUris.length > MAX_REDIRECT_URIS) {
    throw new OAuthError(
      'invalid_redirect_uri',
      `at most ${MAX_REDIRECT_URIS} redirect_uris may be registered`,
    );
  }
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', problem);
  }

  // SEP-837: stored and echoed, default web. Its redirect rules apply only when the client sent it,
  // so that clients registering as they always have (loopback redirects, no application_type) keep working.
  const sentType = metadata.application_type;
  if (sentType !== undefined && sentType !== null && sentType !== 'web' && sentType !== 'native') {
    throw metadataError('application_type must be web or native');
  }
  const applicationType: ApplicationType = sentType === 'native' ? 'native' : 'web';
  if (sentType === 'web' || sentType === 'native') {
    for (const uri of redirectUris as string[]) {
      const problem = applicationTypeProblem(applicationType, uri);
      if (problem) throw new OAuthError('invalid_redirect_uri', problem);
    }
  }

  const clientName = metadata.client_name ?? null;
  if (clientName !== null && (typeof clientName !== 'string' || clientName.length > MAX_CLIENT_NAME_LENGTH)) {
    throw metadataError(`client_name must be a string of at most ${MAX_CLIENT_NAME_LENGTH} characters`);
  }

  const grantTypes = metadata.grant_types ?? GRANT_TYPES;
  if (!stringArray(grantTypes) || grantTypes.some((grant) => !GRANT_TYPES.includes(grant))) {
    throw metadataError('grant_types may hold only authorization_code and refresh_token');
  }
  if (!grantTypes.includes('authorization_code')) {
    throw metadataError('grant_types must include authorization_code');
  }

  const responseTypes = metadata.response_types ?? ['code'];
  if (!stringArray(responseTypes) || responseTypes.some((type) => type !== 'code')) {
    throw metadataError('response_types may hold only code');
  }

  const method = metadata.token_endpoint_auth_method ?? 'none';
  if (typeof method !== 'string' || !AUTH_METHODS.includes(method as TokenEndpointAuthMethod)) {
    throw metadataError('token_endpoint_auth_method must be none, client_secret_post or client_secret_basic');
  }
  if (metadata.scope !== undefined && metadata.scope !== null && typeof metadata.scope !== 'string') {
    throw metadataError('scope must be a string');
  }

  const clientSecret = method === 'none' ? undefined : generateClientSecret();
  const client: OAuthClientRecord = {
    clientId: generateClientId(),
    clientSecretHash: clientSecret ? await context.hash(clientSecret) : null,
    clientName: clientName as string | null,
    // Stored (and echoed) in canonical form: the one spelling every later comparison uses.
    redirectUris: (redirectUris as string[]).map((uri) => canonicalRedirectUri(uri)!),
    grantTypes: [...new Set(grantTypes)],
    responseTypes: ['code'],
    tokenEndpointAuthMethod: method as TokenEndpointAuthMethod,
    applicationType,
    createdAt: context.now(),
  };
  await context.store.createClient(client);
  context.log({ event: 'client_registered', clientId: client.clientId, tokenEndpointAuthMethod: method });

  return jsonResponse(
    {
      client_id: client.clientId,
      ...(clientSecret ? { client_secret: clientSecret, client_secret_expires_at: 0 } : {}),
      client_id_issued_at: Math.floor(client.createdAt / 1000),
      redirect_uris: client.redirectUris,
      grant_types: client.grantTypes,
      response_types: client.responseTypes,
      token_endpoint_auth_method: client.tokenEndpointAuthMethod,
      application_type: applicationType,
      ...(client.clientName !== null ? { client_name: client.clientName } : {}),
    },
    201,
  );
}
