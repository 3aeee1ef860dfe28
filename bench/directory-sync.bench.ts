// `npm run bench:directory-sync`: a Microsoft Entra directory sync on PGlite and (when
// it answers) PostgreSQL against the fake Graph: the first sync of 5,000 people across pages, a
// delta of a few changes, the directory renaming all 5,000, then dropping all 5,000 (a school's
// year leaving, a tenant moved) archived in one run. Targets: first sync ≤ 15 s, the mass
// removal ≤ 5 s (it took 12.4 s on PGlite while each person was archived on their own).
import type { DbKind } from '../server/db/database';
import { entraCredentials, integrationForm } from '../server/test/integration-form';
import { fakeUser, startFakeGraph } from '../tests/fake-directories/microsoft-graph';
import { count, perSecond, seconds, timed, type SectionResult } from './support/report';
import { onEachDatabase, runWhenMain } from './support/per-database';
import { openTarget } from './support/target';

const PEOPLE = 5_000;

interface SyncStatus {
  status_id: number;
  run: { created: number; updated: number; archived: number };
}

async function section(kind: DbKind, postgres: string | undefined): Promise<SectionResult> {
  const graph = await startFakeGraph({ pageSize: 999 });
  process.env.GRAPH_BASE_URL = graph.baseUrl;
  process.env.GRAPH_AUTH_URL = graph.authUrl;
  const target = await openTarget(kind, postgres);
  try {
    const { token } = await target.login('admin@acme.test');
    const headers = { authorization: `Bearer ${token}` };
    const created = await fetch(`${target.url}/api/integrations`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(integrationForm('Contoso staff', entraCredentials(graph))),
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
    const { id } = ((await created.json()) as { data: { id: string } }).data;
    const sync = async (): Promise<SyncStatus> => {
      const asked = await fetch(`${target.url}/api/integrations/${id}/sync`, { method: 'POST', headers });
      if (asked.status !== 202) throw new Error(`sync: ${asked.status} ${await asked.text()}`);
      await target.app.services.integrationJobs.idle();
      const status = await fetch(`${target.url}/api/integrations/${id}/sync-status`, { headers });
      return ((await status.json()) as { data: SyncStatus }).data;
    };

    graph.upsert(...Array.from({ length: PEOPLE }, (_, i) => fakeUser(i + 1)));
    const first = await timed(sync);
    graph.upsert(fakeUser(42, { surname: 'Married' }), fakeUser(PEOPLE + 1));
    graph.remove(fakeUser(7).id);
    const delta = await timed(sync);
    // The directory now holds 5,000 again: 1 to 5,001 without 7.
    const present = Array.from({ length: PEOPLE + 1 }, (_, i) => i + 1).filter((n) => n !== 7);
    graph.upsert(...present.map((n) => fakeUser(n, { surname: `Renamed${n}` })));
    const renamed = await timed(sync);
    graph.remove(...present.map((n) => fakeUser(n).id));
    const removal = await timed(sync);
    const ok = (s: SyncStatus) => (s.status_id === 3 ? '' : ` (status ${s.status_id})`);
    return {
      title: `directory sync of ${count(PEOPLE)} people from the fake Microsoft Graph (${kind})`,
      figures: [
        {
          label: 'first sync',
          value: seconds(first.ms),
          target: '≤ 15 s',
          met: first.ms <= 15_000 && first.result.run.created === PEOPLE,
          note: `${count(first.result.run.created)} created, ${perSecond(first.result.run.created, first.ms)}${ok(first.result)}`,
        },
        {
          label: 'delta (1 added, 1 changed, 1 removed)',
          value: seconds(delta.ms),
          note: `${delta.result.run.created}/${delta.result.run.updated}/${delta.result.run.archived}${ok(delta.result)}`,
        },
        {
          label: `the directory renames all ${count(PEOPLE)}`,
          value: seconds(renamed.ms),
          note: `${count(renamed.result.run.updated)} updated, ${count(renamed.result.run.created)} created${ok(renamed.result)}`,
        },
        {
          label: `the directory drops all ${count(PEOPLE)}`,
          value: seconds(removal.ms),
          target: '≤ 5 s',
          met: removal.ms <= 5_000 && removal.result.run.archived === PEOPLE,
          note: `${count(removal.result.run.archived)} archived${ok(removal.result)}`,
        },
      ],
    };
  } finally {
    await target.close();
    await graph.close();
    delete process.env.GRAPH_BASE_URL;
    delete process.env.GRAPH_AUTH_URL;
  }
}

export const run = (): Promise<SectionResult[]> => onEachDatabase(section);

runWhenMain(import.meta.url, run);
