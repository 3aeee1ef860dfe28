// Vaccine and test documents uploaded for a compliance form (spec 1 §3 document upload fields
// and payload): the document goes on the user's profile (user_documents, pulled by devices for
// the vaccine/PCR status) and its file is kept apart, served only to the company's compliance
// editors and to those who edit profiles (the users key).
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { complianceDocumentInput } from '../../domain/compliance-form';
import { isAllowed } from '../../domain/permissions';
import { DOCUMENT_DETAIL_FIELDS } from '../../domain/schemas/user-documents';
import type { Db } from '../db/database';
import { complianceDocumentFiles, userDocuments, users } from '../db/schema/index';
import { forbidden, notFound } from '../http/api-error';
import { parseOrThrow } from '../http/validate';
import { assertAllowed, type RequestContext } from '../http/context';
import { documentChange } from '../people/documents.projections';
import { feedChanges } from '../sync/changes';
import { formById } from './compliance.repo';
import { checkDocumentFile } from './document-file';

/** Who may fetch a document's file: compliance editors, and reception who edit profiles. */
export const DOCUMENT_FILE_KEYS = ['edit_compliance', 'users'] as const;

export function complianceDocumentsService(db: Db, now: () => number, onChanged: (entityId: string) => void) {
  return {
    /** The form is looked up first, so another company's form is a 404 whatever the body. */
    async upload(ctx: RequestContext, formId: string, body: unknown) {
      const form = await formById(db, ctx.entityId, formId);
      if (!form) throw notFound();
      assertAllowed(ctx, 'edit_compliance');
      const input = parseOrThrow(complianceDocumentInput, body);
      const [person] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.entityId, ctx.entityId), eq(users.id, input.user_id)));
      if (!person) throw notFound();
      const file = await checkDocumentFile(input.file);
      const details: Record<string, string> = Object.fromEntries(
        DOCUMENT_DETAIL_FIELDS.filter((f) => input[f]).map((f) => [f, input[f]]),
      );
      details.compliance_id = form.id;
      details.file_type = file.mime;
      if (input.compliance_notes) details.compliance_notes = input.compliance_notes;
      const at = new Date(now());
      const row = await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(userDocuments)
          .values({
            entityId: ctx.entityId,
            id: uuidv7(),
            userId: input.user_id,
            type: input.type,
            notes: input.notes || null,
            startDate: input.start_date || null,
            expiryDate: input.expiry_date || null,
            details,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        await tx.insert(complianceDocumentFiles).values({
          entityId: ctx.entityId,
          id: made!.id,
          complianceId: form.id,
          mime: file.mime,
          bytes: file.bytes,
          createdAt: at,
        });
        await feedChanges(tx, ctx.entityId, [documentChange(made!)]);
        return made!;
      });
      onChanged(ctx.entityId);
      return {
        id: row.id,
        user_id: row.userId,
        type: row.type,
        status: row.status,
        start_date: row.startDate,
        expiry_date: row.expiryDate,
        ...row.details,
      };
    },

    async file(ctx: RequestContext, documentId: string) {
      if (!/^[0-9a-f-]{36}$/i.test(documentId)) throw notFound();
      const [file] = await db
        .select()
        .from(complianceDocumentFiles)
        .where(and(eq(complianceDocumentFiles.entityId, ctx.entityId), eq(complianceDocumentFiles.id, documentId)));
      if (!file) throw notFound();
      if (!DOCUMENT_FILE_KEYS.some((key) => isAllowed(ctx.permissions, key))) throw forbidden();
      return { mime: file.mime, bytes: file.bytes };
    },
  };
}
export type ComplianceDocumentsService = ReturnType<typeof complianceDocumentsService>;
