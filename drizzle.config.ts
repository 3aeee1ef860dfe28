// drizzle-kit: `npm run db:generate` writes SQL migrations that are committed and run at startup.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
