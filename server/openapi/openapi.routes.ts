// GET /api/openapi.json (the OpenAPI 3.1 document of every route) and GET /api/docs (a browsable
// page of it, with its assets under /api/docs/:file). Public: the document holds no data, only the
// API's shape, and a browser opening the page sends no bearer token.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { RouteEntry } from '../http/route-entry';
import { pickEncoding } from '../http/compress-json';
import { notFound } from '../http/api-error';
import { parseOrThrow } from '../http/validate';
import { buildDocument } from './document';
import { DOCS_ASSETS, DOCS_HTML, type DocsAsset } from './docs-page';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const API_VERSION = '0.1.0';

const assetParams = v.object({ file: v.picklist(Object.keys(DOCS_ASSETS), 'validation.required') });

interface Encoded {
  type: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export async function openapiRoutes(app: FastifyInstance, { routes }: { routes: readonly RouteEntry[] }) {
  const open = { public: true };
  // Built on first request: by then every route is registered, this file's own included.
  let document: Record<string, unknown> | null = null;
  app.get(
    '/api/openapi.json',
    { config: { ...open, openapi: { summary: 'This API document (OpenAPI 3.1)' } } },
    async () => (document ??= buildDocument(routes, API_VERSION)),
  );

  app.get(
    '/api/docs',
    { config: { ...open, openapi: { summary: 'The API document as a browsable page', produces: 'text/html' } } },
    async (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(DOCS_HTML),
  );

  // Each asset read and compressed once (the Swagger UI bundle is 1.7 MB, about 0.5 MB as brotli).
  const cache = new Map<string, Promise<Encoded>>();
  const encoded = (file: string): Promise<Encoded> => {
    const found = cache.get(file);
    if (found) return found;
    const asset: DocsAsset = DOCS_ASSETS[file]!();
    const work = (async (): Promise<Encoded> => {
      if (asset.type.startsWith('image/')) return { type: asset.type, identity: asset.body };
      const [br, gzipped] = await Promise.all([
        brotli(asset.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gz(asset.body, { level: 9 }),
      ]);
      return { type: asset.type, identity: asset.body, br, gzip: gzipped };
    })();
    cache.set(file, work);
    return work;
  };

  app.get(
    '/api/docs/:file',
    {
      config: {
        ...open,
        openapi: { summary: 'A file of the docs page (Swagger UI)', params: assetParams, produces: '*/*' },
      },
    },
    async (request, reply) => {
      // Any other name is a missing file (404), not bad input.
      if (!Object.hasOwn(DOCS_ASSETS, (request.params as { file: string }).file)) throw notFound();
      const { file } = parseOrThrow(assetParams, request.params);
      const asset = await encoded(file);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const body = (encoding && asset[encoding]) || asset.identity;
      if (body !== asset.identity) reply.header('Content-Encoding', encoding!).header('Vary', 'Accept-Encoding');
      // Not content-hashed names: revalidate daily, so an upgraded swagger-ui-dist is seen soon.
      return reply.header('Cache-Control', 'public, max-age=86400').type(asset.type).send(body);
    },
  );
}
