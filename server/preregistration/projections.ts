// What devices receive of pre-registration: expected visits, the QR revocation list and the
// entities' public signing keys (never the private key, the link secrets or the photo).
import { eq } from 'drizzle-orm';
import { revocationOf } from '../../domain/preregistration-visit';
import { expectedVisits, signingKeys } from '../db/schema/preregistration';
import type { ChangeInput, Executor } from '../sync/changes';

export type VisitRow = typeof expectedVisits.$inferSelect;
type KeyRow = typeof signingKeys.$inferSelect;

export function expectedVisitChanges(v: VisitRow): ChangeInput[] {
  const deleted = v.deletedAt !== null;
  const revoked = revocationOf({ status: v.status, deletedAt: v.deletedAt });
  return [
    deleted
      ? { table: 'expectedVisits', id: v.id, op: 'del', version: v.version, data: null }
      : {
          table: 'expectedVisits',
          id: v.id,
          op: 'put',
          version: v.version,
          data: {
            id: v.id,
            personId: v.personId,
            journeyFlowId: v.journeyFlowId,
            areaId: v.areaId,
            userTypeId: v.userTypeId,
            hostId: v.hostId,
            visitDate: v.visitDate,
            visitTime: v.visitTime,
            visitAt: v.visitAt,
            status: v.status,
            companyName: v.companyName,
            confirmedAt: v.confirmedAt,
            arrivedAt: v.arrivedAt,
            version: v.version,
            customFields: v.customFields,
          },
        },
    revoked
      ? { table: 'qrRevocations', id: v.id, op: 'put', version: v.version, data: { id: v.id, reason: revoked } }
      : { table: 'qrRevocations', id: v.id, op: 'del', version: v.version, data: null },
  ];
}

export const signingKeyChange = (k: Pick<KeyRow, 'id' | 'algorithm' | 'publicKey'>): ChangeInput => ({
  table: 'signingKeys',
  id: k.id,
  op: 'put',
  version: 1,
  data: { id: k.id, algorithm: k.algorithm, publicKey: k.publicKey },
});

/** Backfill for the feed's snapshot: keys, live visits and every revocation. */
export async function preregistrationSnapshotOf(db: Executor, entityId: string): Promise<ChangeInput[]> {
  const out: ChangeInput[] = [];
  for (const k of await db.select().from(signingKeys).where(eq(signingKeys.entityId, entityId)))
    out.push(signingKeyChange(k));
  for (const v of await db.select().from(expectedVisits).where(eq(expectedVisits.entityId, entityId))) {
    out.push(...expectedVisitChanges(v).filter((c) => c.op === 'put'));
  }
  return out;
}
