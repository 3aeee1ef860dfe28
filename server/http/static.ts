// Serves the built PWA with an SPA fallback: a GET outside /api and /socket.io that is not a
// file answers index.html. index.html and sw.js are never cached, so an update is seen at once.
// The build writes .br and .gz beside each text asset (scripts/precompress.ts); the variant the
// client accepts is sent with Content-Encoding and `Vary: Accept-Encoding`.
import { basename } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './api-error';

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url.startsWith('/socket.io');
}

export async function registerStatic(app: FastifyInstance, staticDir: string | undefined): Promise<void> {
  if (staticDir) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: false,
      // One route per file found at start (dist/ is built before): anything else reaches the
      // not-found handler below, which is the SPA fallback, and /api never matches a file route.
      // After a rebuild, restart the server.
      wildcard: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        // A compressed variant (app-1.js.br) is cached like the file it encodes.
        const name = basename(filePath).replace(/\.(br|gz)$/, '');
        // Vite puts content-hashed files under assets/: they can be cached forever.
        const immutable = filePath.includes('/assets/') && !NO_CACHE.has(name);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const spa = staticDir && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    // A missing hashed asset is a 404, never index.html posing as JavaScript.
    if (!spa || request.url.startsWith('/assets/')) throw notFound();
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
