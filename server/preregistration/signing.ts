// Each entity's Ed25519 key for visit QR codes: made on first use, public half synced down.
import { webcrypto } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { qrWindowOf } from '../../domain/preregistration-visit';
import { fromBase64Url, signVisitQr, toBase64Url, type SubtleLike } from '../../domain/qr-token';
import type { Db } from '../db/database';
import { signingKeys } from '../db/schema/preregistration';
import { recordChanges } from '../sync/changes';
import { signingKeyChange } from './projections';

const subtle: SubtleLike = webcrypto.subtle;

export async function entityKey(db: Db, entityId: string, now: () => number) {
  const [existing] = await db
    .select()
    .from(signingKeys)
    .where(eq(signingKeys.entityId, entityId))
    .orderBy(asc(signingKeys.id))
    .limit(1);
  if (existing) return existing;
  const pair = (await webcrypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const row = {
    entityId,
    id: uuidv7(),
    algorithm: 'Ed25519',
    publicKey: toBase64Url(new Uint8Array(await webcrypto.subtle.exportKey('raw', pair.publicKey))),
    privateKey: toBase64Url(new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', pair.privateKey))),
    createdAt: new Date(now()),
  };
  await db.insert(signingKeys).values(row);
  await recordChanges(db, entityId, [signingKeyChange(row)]);
  return row;
}

export async function visitQr(
  db: Db,
  now: () => number,
  v: { entityId: string; id: string; personId: string; visitAt: number },
  graceMinutes: number,
) {
  const key = await entityKey(db, v.entityId, now);
  const window = qrWindowOf(v.visitAt, graceMinutes);
  return signVisitQr(subtle, fromBase64Url(key.privateKey)!, {
    kid: key.id,
    entityId: v.entityId,
    visitId: v.id,
    personId: v.personId,
    nbf: window.nbf,
    exp: window.exp,
  });
}
