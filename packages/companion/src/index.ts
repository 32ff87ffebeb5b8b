export { type CompanionApp, type CompanionAppOptions, createCompanionApp } from './companion-app.js';
export { CompanionSignIn } from './companion-sign-in.js';
export {
  type CompanionCore,
  type CompanionSettings,
  type MountedCompanion,
  mountCompanion,
} from './mount-companion.js';
export { SessionJwtSignIn, type SessionJwtSignInOptions } from './session-jwt-sign-in.js';
