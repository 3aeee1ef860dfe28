// The roles page's calls: the company's roles are listed, and a save sends the permission keys
// the admin left ticked (and only those) to the role's own address.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listRoles, saveRolePermissions } from './roles-api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

describe('the roles calls', () => {
  it('list the company’s roles', async () => {
    const roles = [{ id: 'r1', name: 'Reporter', permissions: { dashboard: true } }];
    const fetchMock = vi.fn(async (_u: RequestInfo | URL, _i?: RequestInit) => json(200, { data: roles }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await listRoles('acme')).toMatchObject({ ok: true, data: { data: roles } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/roles/acme');
  });

  it('save the ticked permissions with a PUT to the role', async () => {
    const fetchMock = vi.fn(async (_u: RequestInfo | URL, _i?: RequestInit) => json(200, { data: { id: 'r1' } }));
    vi.stubGlobal('fetch', fetchMock);
    await saveRolePermissions('r1', ['dashboard', 'users']);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/roles/r1/permissions');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({ allowed: ['dashboard', 'users'] });
  });

  it('hand a refusal back for the failure handler', async () => {
    vi.stubGlobal('fetch', async () => json(403, { code: 'role_locked', message: 'Locked' }));
    expect(await saveRolePermissions('admin', [])).toMatchObject({
      ok: false,
      status: 403,
      body: { code: 'role_locked' },
    });
  });
});
