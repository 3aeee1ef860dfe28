// Remote sign in/out from a phone (GET the areas and one's state; POST a sign-in or sign-out
// with the position), and the auto sign-out job's lifetime (started with the app when asked).
import type { FastifyInstance } from 'fastify';
import { remoteSignInInput } from '../../domain/geofence';
import { contextOf, requireLogin } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { AutoSignOutService } from './auto-sign-out.service';
import type { RemoteSignInService } from './remote-sign-in.service';

export async function autoSignOutRoutes(
  app: FastifyInstance,
  opts: { remote: RemoteSignInService; job: AutoSignOutService; intervalMs?: number },
) {
  const { remote, job, intervalMs } = opts;
  // Only servers that ask for it run the schedule (server/main.ts); tests call job.run().
  if (intervalMs) {
    app.addHook('onReady', async () => job.start(intervalMs));
    app.addHook('onClose', async () => job.stop());
  }
  const preHandler = requireLogin();
  app.get(
    '/api/remote-sign-in',
    {
      preHandler,
      config: { openapi: { summary: 'The areas one may sign in to from a phone, and where one is signed in' } },
    },
    async (request) => remote.overview(contextOf(request)),
  );
  app.post(
    '/api/remote-sign-in',
    {
      preHandler,
      config: {
        openapi: { summary: "Sign in or out from a phone inside the site's geofence", body: remoteSignInInput },
      },
    },
    async (request) => remote.signInOut(contextOf(request), parseOrThrow(remoteSignInInput, request.body)),
  );
}
