export {
  createEverythingServer,
  type EverythingServerOptions,
  everythingDefinitions,
} from './everything-server.js';
export {
  type EverythingHttpOptions,
  type EverythingHttpServer,
  startEverythingServer,
} from './http-server.js';
