export { type CompanionApp, type CompanionAppOptions, createCompanionApp } from './companion-app.js';
export { CompanionSignIn } from './companion-sign-in.js';
export type { PacketService } from './packet-service.js';
