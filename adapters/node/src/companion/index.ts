export { type CompanionApp, type CompanionAppOptions, createCompanionApp } from './companion-app.js';
