export { createOAuthServer } from './server.js';
export {
  type OAuthEndpointName,
  oauthEndpointPaths,
} from './endpoints.js';
export { OAuthError } from './errors.js';
export { ApproveError } from './approve.js';
export { sha256Hex } from './crypto.js';
export { HttpError, type HttpErrorBody, jsonResponse } from './http-error.js';
export {
  createSessionJwtVerifier,
  type SessionJwtVerifier,
} from './session-jwt.js';
export { canonicalRedirectUri } from './redirect-uri.js';
export { readBodyText } from './request-body.js';
export {
  createScopeSet,
  type ScopeDefinition,
  type ScopeSet,
} from './scopes.js';
export type {
  OAuthClientRecord,
  OAuthStore,
} from './store.js';
export type {
  AuthorizationGrant,
  CompletedAuthorization,
  HashFunction,
  OAuthLifetimes,
  OAuthLogEvent,
  OAuthServer,
  OAuthServerOptions,
  SessionJwtOptions,
} from './types.js';
export {
  acceptsRedirectUri,
  CLIENT_METADATA_DOCUMENT_FAILURE,
  type ClientMetadataDocumentFetcher,
  type ClientMetadataDocumentOptions,
  isClientIdMetadataDocumentUrl,
  redirectsOnlyToLoopback,
} from './client-id-metadata-document.js';
