// Security headers on every answer: the session token sits in localStorage,
// so a script injected from anywhere but this origin must not run, and no other site may frame
// the app. The CSP admits exactly what the built PWA uses: its own module scripts and workers,
// the service worker, socket.io on the same origin, camera streams, data:/blob: images (QR codes,
// photos fetched as blobs) and Mantine's inline styles.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { mapTilesOf } from './map-tiles';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // Mantine sets style attributes and injects its CSS variables in <style> elements.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  // 'self' covers same-origin ws:/wss: (CSP 3), which socket.io uses.
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:', 'mediastream:'],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // A Standalone install may be served over plain http on a LAN: upgrading would break it.
  upgradeInsecureRequests: null,
};

/** The geofence preview's tile host (MAP_TILE_URL), when configured, may serve images too. */
export function directivesWith(tileOrigin: string | undefined) {
  if (!tileOrigin) return CONTENT_SECURITY_POLICY;
  return { ...CONTENT_SECURITY_POLICY, imgSrc: [...CONTENT_SECURITY_POLICY.imgSrc, tileOrigin] };
}

const HSTS = 'max-age=31536000; includeSubDomains';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: directivesWith(mapTilesOf()?.origin) },
    frameguard: { action: 'deny' },
    // Pre-registration and RFID links carry secret codes in their paths: never pass them on.
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only means something over TLS; sent over plain http it would be wrong (below).
    strictTransportSecurity: false,
  });
  // request.protocol honours X-Forwarded-Proto only when the proxy is trusted (trustProxy).
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
}
