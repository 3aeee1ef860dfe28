// Serves the built PWA with an SPA fallback: a GET outside /api and /socket.io that is not a
// file answers index.html. index.html and sw.js are never cached, so an update is seen at once.
// The build writes .br and .gz beside each text asset (scripts/precompress.ts); the variant the
// client accepts is sent with Content-Encoding and `Vary: Accept-Encoding`.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './api-error';
import { lightChunkGroup, lightPublicPath, type LightChunkGroup } from '../../domain/public-paths';

/** Written by the build (scripts/light-chunks.ts, LIGHT_PRELOAD_FILE). */
type LightPreload = Record<LightChunkGroup, { scripts: string[]; styles: string[] }>;

/** index.html for each light group, naming the group's chunks as preloads: a phone opening the
 * login or a pre-registration link fetches them beside the entry script instead of after it ran.
 * Without the build's list, every page gets index.html as it is. */
function lightPages(staticDir: string): Map<LightChunkGroup, string> {
  const pages = new Map<LightChunkGroup, string>();
  const listFile = join(staticDir, 'light-preload.json');
  if (!existsSync(listFile)) return pages;
  const html = readFileSync(join(staticDir, 'index.html'), 'utf8');
  const preload = JSON.parse(readFileSync(listFile, 'utf8')) as LightPreload;
  for (const [group, { scripts, styles }] of Object.entries(preload) as Array<
    [LightChunkGroup, LightPreload['core']]
  >) {
    const links = [
      ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
      ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
    ].join('');
    pages.set(group, html.replace('</head>', `${links}</head>`));
  }
  return pages;
}

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

  const light = staticDir ? lightPages(staticDir) : new Map<LightChunkGroup, string>();
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const spa = staticDir && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    // A missing hashed asset is a 404, never index.html posing as JavaScript.
    if (!spa || request.url.startsWith('/assets/')) throw notFound();
    reply.header('Cache-Control', 'no-cache');
    const path = lightPublicPath(request.url.split('?')[0]!);
    const page = path && light.get(lightChunkGroup(path));
    if (page) return reply.type('text/html; charset=utf-8').send(page);
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
