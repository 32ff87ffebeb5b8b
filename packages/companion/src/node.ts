export { createPacketWorker } from './packet-worker.js';
