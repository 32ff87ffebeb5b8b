import { OAUTH_ENDPOINTS, type OAuthEndpointName } from './endpoints.js';
import type { AuthorizationServerMetadata, ProtectedResourceMetadata } from './types.js';

const endpointPath = (name: OAuthEndpointName): string =>
  OAUTH_ENDPOINTS.find((endpoint) => endpoint.name === name)!.path;

/** RFC 8414 metadata of an issuer whose endpoints live under it. */
export function buildAuthorizationServerMetadata(
  issuer: string,
  scopes: readonly string[],
  clientMetadataDocuments = false,
): AuthorizationServerMetadata {
  const authMethods = ['none', 'client_secret_post', 'client_secret_basic'];
  return {
    issuer,
    authorization_endpoint: issuer + endpointPath('authorize'),
    token_endpoint: issuer + endpointPath('token'),
    registration_endpoint: issuer + endpointPath('register'),
    revocation_endpoint: issuer + endpointPath('revoke'),
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256', 'plain'],
    token_endpoint_auth_methods_supported: authMethods,
    revocation_endpoint_auth_methods_supported: authMethods,
    // Never offline_access (SEP-2207): refresh tokens come with every grant without it.
    scopes_supported: [...scopes],
    authorization_response_iss_parameter_supported: true,
    ...(clientMetadataDocuments && { client_id_metadata_document_supported: true }),
  };
}

/** RFC 9728 metadata: the resource is the issuer itself. */
export function buildProtectedResourceMetadata(
  issuer: string,
  scopes: readonly string[],
): ProtectedResourceMetadata {
  return {
    resource: issuer,
    authorization_servers: [issuer],
    scopes_supported: [...scopes],
    bearer_methods_supported: ['header'],
  };
}
