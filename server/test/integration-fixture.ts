// Helpers for the integration server tests (server/integrations/*.test.ts): what the settings
// form sends for a new integration, the fake Microsoft Graph's Entra credentials, and a sync
// asked for and run to its end.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './harness';

export { entraCredentials, integrationForm } from './integration-form';

/** Creates the integration (it must answer 201) and returns it. */
export async function createIntegration(app: FastifyInstance, token: string, form: object) {
  const res = await app.inject({ method: 'POST', url: '/api/integrations', headers: bearer(token), payload: form });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: string; connected: boolean } }).data;
}

export interface SyncStatus {
  status_id: number;
  integration_status: string;
  run: { created: number; updated: number; archived: number; duplicates: number };
}

/** Asks for a sync now (it must answer 202), waits for the job queue and returns the sync status. */
export async function runSync(app: FastifyInstance, token: string, id: string): Promise<SyncStatus> {
  const asked = await app.inject({ method: 'POST', url: `/api/integrations/${id}/sync`, headers: bearer(token) });
  expect(asked.statusCode).toBe(202);
  await app.services.integrationJobs.idle();
  return (await app.inject({ url: `/api/integrations/${id}/sync-status`, headers: bearer(token) })).json().data;
}
