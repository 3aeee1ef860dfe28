// POST /api/sync/push and GET /api/sync/pull: thin, the service holds the logic.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PULL_LIMIT, pullQuery, pushEnvelope, type PushEnvelope } from '../../sync/protocol';
import { contextOf, requireLogin } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { Metrics } from '../http/metrics';
import type { SyncService } from './sync.service';

/** How late each pushed change arrives: now minus its device time corrected to the server clock. */
const lagsOf = (envelope: PushEnvelope, now: number): number[] =>
  envelope.mutations.flatMap((m) => {
    const at = Number(m.clientTime) + Number(m.clockOffsetMs ?? 0);
    return Number.isFinite(at) ? [now - at] : [];
  });

export async function syncRoutes(
  app: FastifyInstance,
  { sync, metrics, now }: { sync: SyncService; metrics?: Metrics; now: () => number },
) {
  // Any signed-in person or device: each mutation and each pulled table checks its own permission.
  const peopleAndDevices = requireLogin({ devices: true });
  // In this plugin only: `__proto__` and `constructor.prototype` are read as
  // plain keys, so the entry holding one is rejected alone (push-entries.ts) instead of the app's
  // parser failing the whole batch with 400 on every retry. JSON.parse never sets a prototype.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, app.getDefaultJsonParser('ignore', 'ignore'));
  // A batch of up to 1,000 mutations with their arguments fits in 4 MB. Only the envelope can
  // fail the batch (400); a malformed entry is rejected alone by the service.
  app.post(
    '/api/sync/push',
    {
      config: {
        openapi: { summary: 'Push a batch of offline mutations (sync)', body: pushEnvelope, syncMutations: true },
      },
      bodyLimit: 4 * 1024 * 1024,
      preHandler: peopleAndDevices,
    },
    async (request) => {
      parseOrThrow(pushEnvelope, request.body);
      // The entries go on as sent (the envelope's output keeps only their seqs): a bad entry's
      // text or nesting is its own rejection, not the batch's.
      const envelope = request.body as PushEnvelope;
      const answer = await sync.push(contextOf(request), envelope);
      metrics?.pushed(answer.results, lagsOf(envelope, now()));
      return answer;
    },
  );

  app.get(
    '/api/sync/pull',
    {
      config: { openapi: { summary: 'Pull changes since a cursor (sync)', query: pullQuery } },
      preHandler: peopleAndDevices,
    },
    async (request) => {
      const q = parseOrThrow(pullQuery, request.query);
      const answer = await sync.pull(contextOf(request), {
        deviceId: q.deviceId,
        cursor: q.cursor,
        limit: q.limit ?? DEFAULT_PULL_LIMIT,
      });
      metrics?.pulled(answer.changes.length);
      return answer;
    },
  );
}
