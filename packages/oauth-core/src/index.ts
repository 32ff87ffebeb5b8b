export { createOAuthServer } from './server.js';
export {
  OAUTH_ENDPOINTS,
  OAUTH_METADATA_PATHS,
  type OAuthEndpoint,
  type OAuthEndpointName,
  oauthEndpointPaths,
} from './endpoints.js';
export { OAuthError, type OAuthErrorCode } from './errors.js';
export { ApproveError } from './approve.js';
export { HttpError, type HttpErrorBody, jsonResponse } from './http-error.js';
export { base64url, hex, randomBytes, sha256Hex, timingSafeEqual } from './crypto.js';
export { CREDENTIAL_PREFIX } from './credentials.js';
export {
  createSessionJwtVerifier,
  DEFAULT_SESSION_MAX_AGE_SECONDS,
  type SessionJwtVerifier,
  type SessionRefusal,
} from './session-jwt.js';
export { canonicalRedirectUri, isRegisteredRedirectUri, redirectUriProblem } from './redirect-uri.js';
export { MAX_BODY_BYTES, readBodyText } from './request-body.js';
export {
  createScopeSet,
  DEFAULT_SCOPE,
  DEFAULT_SCOPES,
  type ScopeDefinition,
  type ScopeSet,
} from './scopes.js';
export type {
  ApplicationType,
  AuthorizationCodeRecord,
  CodeChallengeMethod,
  OAuthClientRecord,
  OAuthStore,
  TokenEndpointAuthMethod,
  TokenRecord,
} from './store.js';
export type {
  AccessTokenInfo,
  AuthorizationGrant,
  AuthorizationServerMetadata,
  CompletedAuthorization,
  HashFunction,
  OAuthLifetimes,
  OAuthLogEvent,
  OAuthServer,
  OAuthServerOptions,
  ProtectedResourceMetadata,
  SessionJwtOptions,
} from './types.js';
export {
  acceptsRedirectUri,
  CLIENT_METADATA_DOCUMENT_FAILURE,
  ClientMetadataDocumentError,
  type ClientMetadataDocumentFetcher,
  type ClientMetadataDocumentOptions,
  type ClientMetadataDocumentResponse,
  documentCacheSeconds,
  isClientIdMetadataDocumentUrl,
  MAX_DOCUMENT_CACHE_SECONDS,
  redirectsOnlyToLoopback,
} from './client-id-metadata-document.js';
