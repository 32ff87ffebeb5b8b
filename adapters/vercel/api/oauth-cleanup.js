// The OAuth cleanup, run by Vercel Cron (the `crons` entry of vercel.json) with
// `Authorization: Bearer $CRON_SECRET`. The code lives in dist/oauth-cleanup.js, built by `pnpm build`.
export { default } from '../dist/oauth-cleanup.js';
