// drizzle-kit: `npm run db:generate` writes SQL migrations from src/server/db/schema.ts.
// The server applies them at start with the migrator of its driver (PGlite or node-postgres).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
  strict: true,
  verbose: true,
});
