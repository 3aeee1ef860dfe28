// A user's documents as devices hold them (Dexie table personDocuments): what a mass sign-in
// shows for each person, offline. A DELETED document leaves the devices.
import { and, eq, ne } from 'drizzle-orm';
import { statusFacts } from '../../domain/vaccine-status';
import { userDocuments } from '../db/schema/index';
import type { ChangeInput, Executor } from '../sync/changes';

type Row = typeof userDocuments.$inferSelect;

export function documentChange(d: Row, version = 1): ChangeInput {
  if (d.status === 'DELETED') return { table: 'personDocuments', id: d.id, op: 'del', version, data: null };
  return {
    table: 'personDocuments',
    id: d.id,
    op: 'put',
    version,
    data: {
      id: d.id,
      personId: d.userId,
      type: d.type,
      status: d.status,
      startDate: d.startDate,
      expiryDate: d.expiryDate,
      details: d.details,
      facts: statusFacts(d.details),
    },
  };
}

export async function documentsSnapshotOf(db: Executor, entityId: string): Promise<ChangeInput[]> {
  const rows = await db
    .select()
    .from(userDocuments)
    .where(and(eq(userDocuments.entityId, entityId), ne(userDocuments.status, 'DELETED')));
  return rows.map((d) => documentChange(d));
}
