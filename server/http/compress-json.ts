// Compresses /api JSON answers above a small size (brotli, else gzip, as the client accepts).
// Built assets are compressed once at build time and served as files (server/http/static.ts);
// only the API's dynamic answers are compressed per request, at a fast brotli level.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Below this many bytes the headers and CPU cost more than the bytes saved. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

type Encoding = 'br' | 'gzip';

/** The best encoding the Accept-Encoding header allows (q=0 refuses one), or null. */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const quality = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name) q.set(name.trim(), quality ? Number(quality.slice(2)) || 0 : 1);
  }
  const allowed = (name: Encoding) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return allowed('br') ? 'br' : allowed('gzip') ? 'gzip' : null;
}

function addVary(reply: FastifyReply): void {
  const current = String(reply.getHeader('vary') ?? '');
  if (current === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/') || reply.getHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    // The answer differs by Accept-Encoding from here on, whether compressed or not.
    addVary(reply);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed =
      encoding === 'br'
        ? await brotli(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
        : await gz(body, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
