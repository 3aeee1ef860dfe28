// User documents with the spec's paths (spec 2 §7 "Users and related"), plus the list a
// user's edit screen shows (not in the spec's catalogue; same permission as the rest).
import type { FastifyInstance } from 'fastify';
import { userDocumentInput, userDocumentStatusInput } from '../../domain/schemas/user-documents';
import { DOCUMENT_BODY_LIMIT } from '../compliance/compliance.routes';
import { contextOf, declarePermission, requireLogin, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { UserDocumentsService } from './user-documents.service';

export async function userDocumentsRoutes(app: FastifyInstance, { documents }: { documents: UserDocumentsService }) {
  app.get<{ Params: { entityId: string } }>(
    '/api/get_type_for_user_document/:entityId',
    { config: { openapi: { summary: 'Document types for user documents' } }, preHandler: requireLogin() },
    async (request) => ({ data: documents.types(contextOf(request), request.params.entityId) }),
  );

  app.get<{ Params: { userId: string } }>(
    '/api/user_documents/:userId',
    { config: { openapi: { summary: "A user's documents" } }, preHandler: requirePermission('users') },
    async (request) => ({ data: await documents.list(contextOf(request), request.params.userId) }),
  );

  app.post(
    '/api/user_document',
    {
      config: { openapi: { summary: 'Add a document to a user', body: userDocumentInput, status: 201 } },
      // The document may carry its certificate's file.
      bodyLimit: DOCUMENT_BODY_LIMIT,
      preHandler: requirePermission('users'),
    },
    async (request, reply) => {
      const data = await documents.create(contextOf(request), parseOrThrow(userDocumentInput, request.body));
      return reply.code(201).send({ data, message: 'Document Created' });
    },
  );

  app.put<{ Params: { id: string } }>(
    '/api/user_document/:id',
    {
      config: { openapi: { summary: "Change a user document's status", body: userDocumentStatusInput } },
      preHandler: declarePermission('users'),
    },
    async (request) => ({
      data: await documents.setStatus(contextOf(request), request.params.id, () =>
        parseOrThrow(userDocumentStatusInput, request.body),
      ),
      message: 'Document Vaccine Status Updated',
    }),
  );
}
