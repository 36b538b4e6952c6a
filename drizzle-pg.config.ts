import { defineConfig } from 'drizzle-kit';

/** The PostgreSQL migrations (DATABASE_URL=postgres://…), from the same collection definitions as drizzle.config.ts. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema-pg.ts',
  out: './drizzle-pg',
});
