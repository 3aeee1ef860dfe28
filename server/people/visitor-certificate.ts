// A certificate the visitor gave (a photo at the kiosk, a file on the phone before arrival): on
// their profile switched off (INACTIVE, submitted_by visitor) with its file, so it never lets
// anyone in by itself; reception opens it from the dashboard's "Waiting at reception" list, and
// switches it on (or adds the certificate it read) once seen. The file is checked by content
// like every document file (server/compliance/document-file.ts).
import { and, eq } from 'drizzle-orm';
import type { DocumentMime } from '../compliance/document-file';
import type { Tx } from '../db/database';
import { complianceDocumentFiles } from '../db/schema/compliance';
import { userDocuments } from '../db/schema/user-documents';
import type { ChangeInput } from '../sync/changes';
import { documentChange } from './documents.projections';

export interface VisitorCertificate {
  entityId: string;
  documentId: string;
  personId: string;
  complianceId: string;
  type: 'covid_vaccine' | 'pcr_test';
  file: { mime: DocumentMime; bytes: Buffer };
  at: number;
  /** The expected visit it was sent for, when sent from the visit's link. */
  visitId?: string;
}

/** True when the profile holds it (stored now, or by an earlier replay of the same id for the same person). */
export async function keepVisitorCertificate(
  tx: Tx,
  change: (c: ChangeInput) => void,
  c: VisitorCertificate,
): Promise<boolean> {
  const when = new Date(c.at);
  const [row] = await tx
    .insert(userDocuments)
    .values({
      entityId: c.entityId,
      id: c.documentId,
      userId: c.personId,
      type: c.type,
      status: 'INACTIVE',
      details: {
        submitted_by: 'visitor',
        compliance_id: c.complianceId,
        file_type: c.file.mime,
        ...(c.visitId ? { visit_id: c.visitId } : {}),
      },
      createdAt: when,
      updatedAt: when,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    // An id of someone else's document names nothing.
    const [kept] = await tx
      .select({ userId: userDocuments.userId })
      .from(userDocuments)
      .where(and(eq(userDocuments.entityId, c.entityId), eq(userDocuments.id, c.documentId)));
    return kept?.userId === c.personId;
  }
  await tx.insert(complianceDocumentFiles).values({
    entityId: c.entityId,
    id: row.id,
    complianceId: c.complianceId,
    mime: c.file.mime,
    bytes: c.file.bytes,
    createdAt: when,
  });
  change(documentChange(row));
  return true;
}
