export { createEverythingServer, type EverythingServerOptions } from './everything-server.js';
export {
  type EverythingHttpOptions,
  type EverythingHttpServer,
  startEverythingServer,
} from './http-server.js';
