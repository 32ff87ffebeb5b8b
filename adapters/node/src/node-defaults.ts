// The Node adapter's own defaults, in one object: its settings (settings.ts, from the environment)
// and its programmatic options (createNodeServer, createLogger, createPacketWorker) apply the
// same values. docs/configuration.md shows them, and test/node-defaults.test.ts checks that it
// shows these. Zod-free and import-free.

/** What the Node adapter applies where neither the environment nor an option sets a value. */
export const NODE_DEFAULTS = {
  /** `HOST`: loopback only, until asked for more. */
  host: '127.0.0.1',
  /** `PORT`. */
  port: 3000,
  /** `DATA_DIR`: the embedded database and the development session secret. */
  dataDir: './.data',
  /** `COMPANION`. */
  companion: 'auto',
  /** `COMPANION_SIGN_IN`. */
  companionSignIn: 'off',
  /** `LOCAL_USER_ID`. */
  localUserId: 'local-user',
  /** `LOG_LEVEL`. */
  logLevel: 'info',
  /** `LOG_FORMAT`. */
  logFormat: 'json',
  /** `SHUTDOWN_TIMEOUT_MS`. */
  shutdownTimeoutMs: 10_000,
  /** `OAUTH_CLEANUP_INTERVAL_MS`: five minutes. */
  cleanupIntervalMs: 300_000,
  /** `PACKET_WORKER_MAX_MEMORY_MB`. */
  packetWorkerMaxMemoryMb: 512,
} as const;
