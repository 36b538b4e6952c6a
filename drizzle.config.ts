import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  // The collections and _params, then the fleet's system tables (cron claims, rate-limit counters).
  schema: ['./server/db/schema.ts', './server/ops/fleet-schema.ts'],
  out: './drizzle',
});
