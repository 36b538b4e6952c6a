import { defineConfig } from 'drizzle-kit';

/** The PostgreSQL migrations (DATABASE_URL=postgres://…), from the same collection definitions as drizzle.config.ts. */
export default defineConfig({
  dialect: 'postgresql',
  // The collections and _params, then the fleet's system tables (as drizzle.config.ts).
  schema: ['./server/db/schema-pg.ts', './server/ops/fleet-schema-pg.ts'],
  out: './drizzle-pg',
});
