export { type CompanionApp, type CompanionAppOptions, createCompanionApp } from './companion-app.js';
export { CompanionSignIn } from './companion-sign-in.js';
export type { PacketService } from './packet-service.js';
export { SessionJwtSignIn, type SessionJwtSignInOptions } from './session-jwt-sign-in.js';
