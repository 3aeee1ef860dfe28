// Documents on a user's profile: create (with the certificate's file, if any), change status
// (DELETED hides), list, and the types a company may record. Only the caller's company's users
// and documents are ever touched.
import { and, asc, eq, ne } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  DOCUMENT_DETAIL_FIELDS,
  USER_DOCUMENT_TYPES,
  type UserDocumentInput,
} from '../../domain/schemas/user-documents';
import type { Db } from '../db/database';
import { checkDocumentFile } from '../compliance/document-file';
import { complianceDocumentFiles, userDocuments, users } from '../db/schema/index';
import { notFound } from '../http/api-error';
import { feedChanges } from '../sync/changes';
import { documentChange } from './documents.projections';
import { assertAllowed, type RequestContext } from '../http/context';
import { roleGuard } from './role-guard';

type Row = typeof userDocuments.$inferSelect;
const wire = (d: Row) => ({
  id: d.id,
  user_id: d.userId,
  type: d.type,
  status: d.status,
  notes: d.notes,
  start_date: d.startDate,
  expiry_date: d.expiryDate,
  ...d.details,
  created_at: d.createdAt.toISOString(),
  updated_at: d.updatedAt.toISOString(),
});

export function userDocumentsService(db: Db, now: () => number) {
  async function userOf(entityId: string, userId: string) {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.entityId, entityId), eq(users.id, userId)));
    if (!u) throw notFound();
  }
  return {
    types(ctx: RequestContext, entityId: string) {
      if (entityId !== ctx.entityId) throw notFound();
      return USER_DOCUMENT_TYPES.map((type) => ({ type }));
    },

    async list(ctx: RequestContext, userId: string) {
      await userOf(ctx.entityId, userId);
      const rows = await db
        .select()
        .from(userDocuments)
        .where(
          and(
            eq(userDocuments.entityId, ctx.entityId),
            eq(userDocuments.userId, userId),
            ne(userDocuments.status, 'DELETED'),
          ),
        )
        .orderBy(asc(userDocuments.createdAt), asc(userDocuments.id));
      return rows.map(wire);
    },

    async create(ctx: RequestContext, input: UserDocumentInput) {
      await userOf(ctx.entityId, input.user_id);
      assertAllowed(ctx, 'users');
      // A person's documents are their details: the same rule as editing them.
      await roleGuard(db).change(ctx, [input.user_id]);
      // A bad file is a 400 before anything is written.
      const file = input.file ? await checkDocumentFile(input.file) : null;
      const details: Record<string, string> = Object.fromEntries(
        DOCUMENT_DETAIL_FIELDS.filter((f) => input[f]).map((f) => [f, input[f]]),
      );
      if (file) details.file_type = file.mime;
      const at = new Date(now());
      // The document, its file and its change for devices commit together.
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
        if (file) {
          await tx.insert(complianceDocumentFiles).values({
            entityId: ctx.entityId,
            id: made!.id,
            complianceId: null,
            mime: file.mime,
            bytes: file.bytes,
            createdAt: at,
          });
        }
        await feedChanges(tx, ctx.entityId, [documentChange(made!)]);
        return made!;
      });
      return wire(row);
    },

    /** Looks the document up before the body is read, so another company's id is a 404. */
    async setStatus(ctx: RequestContext, id: string, parse: () => { status: string }) {
      const [doc] = await db
        .select({ id: userDocuments.id, userId: userDocuments.userId })
        .from(userDocuments)
        .where(
          and(eq(userDocuments.entityId, ctx.entityId), eq(userDocuments.id, id), ne(userDocuments.status, 'DELETED')),
        );
      if (!doc) throw notFound();
      assertAllowed(ctx, 'users');
      await roleGuard(db).change(ctx, [doc.userId]);
      const { status } = parse();
      const row = await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(userDocuments)
          .set({ status, updatedAt: new Date(now()) })
          .where(and(eq(userDocuments.entityId, ctx.entityId), eq(userDocuments.id, id)))
          .returning();
        await feedChanges(tx, ctx.entityId, [documentChange(changed!)]);
        return changed!;
      });
      return wire(row);
    },
  };
}
export type UserDocumentsService = ReturnType<typeof userDocumentsService>;
