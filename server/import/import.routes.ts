// User import API (spec 2 §7 `POST /api/users/import`). The spec names only the
// upload; the check, list and details paths follow DESIGN ruling 11 (/api/users/import…).
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { importCheckRequest, importRequest } from '../../domain/import';
import { PHOTO_ZIP_MAX_BYTES } from '../../domain/import-photos';
import { contextOf, declarePermission, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import { readImportUpload } from './import-photos';
import type { ImportService } from './import.service';

/** 10,000 rows of seven cells, as JSON (the spreadsheet itself is at most 2 MB). */
const ROWS_BODY_LIMIT = 8 * 1024 * 1024;

export async function importRoutes(app: FastifyInstance, { imports }: { imports: ImportService }) {
  // The rows with the photo zip's pictures come as a multipart form (rows alone may be JSON).
  // A photo over 500 KB is cut short and reported on its row, not a refusal of the whole import.
  await app.register(multipart, { throwFileSizeLimit: false });
  // Jobs left by a stopped server carry on once the app is ready; a closing app stops between rows.
  app.addHook('onReady', async () => imports.start());
  app.addHook('onClose', async () => {
    imports.stop();
    await imports.idle();
  });

  app.get(
    '/api/users/import/user-types',
    {
      config: { openapi: { summary: 'User types the caller may import people into' } },
      preHandler: requirePermission('users'),
    },
    async (request) => imports.userTypes(contextOf(request)),
  );

  app.post(
    '/api/users/import/check',
    {
      config: { openapi: { summary: "Check an import's rows against the company", body: importCheckRequest } },
      preHandler: requirePermission('users'),
      bodyLimit: ROWS_BODY_LIMIT,
    },
    async (request) => imports.check(contextOf(request), parseOrThrow(importCheckRequest, request.body).rows),
  );

  app.post(
    '/api/users/import',
    {
      config: { openapi: { summary: 'Import users from checked spreadsheet rows', body: importRequest, status: 201 } },
      preHandler: requirePermission('users'),
      // The rows plus the photo zip's pictures (the zip itself is at most 50 MB).
      bodyLimit: ROWS_BODY_LIMIT + PHOTO_ZIP_MAX_BYTES,
    },
    async (request, reply) => {
      const upload = await readImportUpload(request);
      const job = await imports.create(contextOf(request), parseOrThrow(importRequest, upload.body), upload.photos);
      return reply.code(201).send({ data: job });
    },
  );

  app.get(
    '/api/users/imports',
    { config: { openapi: { summary: 'User imports, newest first' } }, preHandler: requirePermission('users') },
    async (request) => imports.list(contextOf(request)),
  );

  app.get<{ Params: { id: string } }>(
    '/api/users/imports/:id',
    {
      config: { openapi: { summary: "An import's rows: created, updated, skipped with the reason" } },
      preHandler: declarePermission('users'),
    },
    async (request) => imports.details(contextOf(request), request.params.id),
  );
}
