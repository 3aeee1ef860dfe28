// A flow's public link (/e/<flow id>) works while the flow and its journey are live, and answers
// 404 once either is deleted (soft delete: the rows stay for the visits that ran them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eachDatabase } from '../test/databases';
import { callerOf, freshAddress, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  const call = callerOf(
    () => app,
    () => admin,
  );
  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
  });
  afterAll(async () => {
    await app.close();
  });

  async function journeyWithFlow(name: string) {
    const journey = (await call('POST', '/api/journeys', { name })).json().data as { id: string };
    const flow = (await call('POST', `/api/journeys/${journey.id}/flows`, { name: `${name} flow` })).json().data as {
      id: string;
    };
    return { journey, flow };
  }
  const publicCalls = (flowId: string) =>
    Promise.all([
      app.inject({
        url: `/api/check_image_qr_compliance_status_in_pre_registration/en/${flowId}`,
        remoteAddress: freshAddress(),
      }),
      app.inject({ url: `/api/get_pre_registration_user_type/en/${flowId}`, remoteAddress: freshAddress() }),
    ]);

  describe('a deleted flow’s public link', () => {
    it('stops answering once the flow is deleted', async () => {
      const { flow } = await journeyWithFlow('Link desk');
      for (const res of await publicCalls(flow.id)) expect(res.statusCode).toBe(200);
      expect((await call('DELETE', `/api/journey-flows/${flow.id}`)).statusCode).toBe(200);
      for (const res of await publicCalls(flow.id)) expect(res.statusCode).toBe(404);
    });

    it('stops answering once the flow’s journey is deleted', async () => {
      const { journey, flow } = await journeyWithFlow('Gone desk');
      for (const res of await publicCalls(flow.id)) expect(res.statusCode).toBe(200);
      expect((await call('DELETE', `/api/journeys/${journey.id}`)).statusCode).toBe(200);
      for (const res of await publicCalls(flow.id)) expect(res.statusCode).toBe(404);
    });
  });
});
