// Compliance forms over REST (the spec names no paths; docs/decisions.md lists these):
// GET|POST /api/compliances, GET|PUT|DELETE /api/compliances/:id; a document for a form:
// POST /api/compliances/:id/documents, its file GET /api/compliance-documents/:id/file. Keys of spec 1 §6.
import type { FastifyInstance } from 'fastify';
import { complianceDocumentInput, complianceFormInput } from '../../domain/compliance-form';
import { contextOf, declarePermission, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { ComplianceService } from './compliance.service';
import { DOCUMENT_FILE_KEYS, type ComplianceDocumentsService } from './compliance-documents.service';

// A 3 MB file as base64 in JSON, with the document's fields (also the profile's POST /api/user_document).
export const DOCUMENT_BODY_LIMIT = 5 * 1024 * 1024;

type IdParams = { Params: { id: string } };

export async function complianceRoutes(
  app: FastifyInstance,
  { compliance, documents }: { compliance: ComplianceService; documents: ComplianceDocumentsService },
) {
  app.get(
    '/api/compliances',
    { config: { openapi: { summary: 'Compliances' } }, preHandler: requirePermission('show_compliance_list') },
    async (request) => ({
      data: await compliance.list(contextOf(request)),
    }),
  );

  app.post(
    '/api/compliances',
    {
      config: { openapi: { summary: 'Create a compliance', body: complianceFormInput, status: 201 } },
      preHandler: requirePermission('create_compliance'),
    },
    async (request, reply) => {
      const data = await compliance.create(contextOf(request), parseOrThrow(complianceFormInput, request.body));
      return reply.code(201).send({ data });
    },
  );

  app.get<IdParams>(
    '/api/compliances/:id',
    { config: { openapi: { summary: 'One compliance' } }, preHandler: declarePermission('show_compliance_list') },
    async (request) => ({
      data: await compliance.get(contextOf(request), request.params.id),
    }),
  );

  app.put<IdParams>(
    '/api/compliances/:id',
    {
      config: { openapi: { summary: 'Update a compliance', body: complianceFormInput } },
      preHandler: declarePermission('edit_compliance'),
    },
    async (request) => ({
      data: await compliance.update(contextOf(request), request.params.id, () =>
        parseOrThrow(complianceFormInput, request.body),
      ),
    }),
  );

  app.delete<IdParams>(
    '/api/compliances/:id',
    { config: { openapi: { summary: 'Delete a compliance' } }, preHandler: declarePermission('edit_compliance') },
    async (request) => ({
      data: await compliance.remove(contextOf(request), request.params.id),
    }),
  );

  app.post<IdParams>(
    '/api/compliances/:id/documents',
    {
      config: {
        openapi: {
          summary: 'Upload a document to a compliance',
          body: complianceDocumentInput,
          status: 201,
        },
      },
      bodyLimit: DOCUMENT_BODY_LIMIT,
      preHandler: declarePermission('edit_compliance'),
    },
    async (request, reply) => {
      const data = await documents.upload(contextOf(request), request.params.id, request.body);
      return reply.code(201).send({ data, message: 'Document Created' });
    },
  );

  // Served as a download, never rendered in the app's origin.
  app.get<IdParams>(
    '/api/compliance-documents/:id/file',
    {
      config: { openapi: { summary: "A compliance document's file", produces: 'application/octet-stream' } },
      preHandler: declarePermission(...DOCUMENT_FILE_KEYS),
    },
    async (request, reply) => {
      const file = await documents.file(contextOf(request), request.params.id);
      const ext = file.mime === 'application/pdf' ? 'pdf' : file.mime === 'image/png' ? 'png' : 'jpg';
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', `attachment; filename="document.${ext}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );
}
