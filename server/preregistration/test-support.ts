// Test helpers for pre-registration: a multipart body builder and the demo's flow facts.
import { and, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/database';
import { entities, journeyFlows, users, userTypes } from '../db/schema/index';

export function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----gatehouse${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function demoFlow(database: DatabaseHandle, subdomain = 'acme') {
  const db = database.db;
  const [entity] = await db.select().from(entities).where(eq(entities.subdomain, subdomain));
  const [flow] = await db.select().from(journeyFlows).where(eq(journeyFlows.entityId, entity!.id));
  const types = await db.select().from(userTypes).where(eq(userTypes.entityId, entity!.id));
  const [host] = await db
    .select()
    .from(users)
    .where(and(eq(users.entityId, entity!.id), eq(users.email, `hannah.host@${subdomain}.test`)));
  return {
    entity: entity!,
    flow: flow!,
    host,
    type: (name: string) => types.find((t) => t.name === name)!,
  };
}

/** Tomorrow (from the test clock) as the form sends it. */
export function visitFields(now: number, dayOffset = 1, hour = 10) {
  const d = new Date(now + dayOffset * 86_400_000);
  const date = d.toISOString().slice(0, 10);
  return {
    visit_date: date,
    visit_time: `${String(hour).padStart(2, '0')}:00:00`,
    tz_offset: '0',
    at: Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`),
  };
}
