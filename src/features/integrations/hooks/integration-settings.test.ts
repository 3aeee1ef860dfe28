// The directory-integration settings form: a saved integration opens as it was saved, the body
// sent carries only the chosen kind's credentials, the server's own schema refuses what the spec
// requires, and a finished sync sends the admin where the problems are.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { integrationInput, type IntegrationWire } from '../../../../domain/integrations';
import { parse } from '../../../../domain/validation';
import { afterSyncPath } from './use-integration-data';
import { bodyOf, credentialsOf, emptyForm, formOf, splitList } from './use-integration-settings-form';

const SITE = '0190a5c4-1b2c-7d3e-8f40-123456789abc';
const FIELD = '0190a5c4-1b2c-7d3e-8f40-cba987654321';
const saved: IntegrationWire = {
  id: 'i1',
  kind: 'paxton',
  name: 'Door system',
  status: 'active',
  frequency: 'weekly',
  auto_sync: true,
  credentials: { kind: 'paxton', username: 'svc', password: '', clientId: 'c1', serverUrl: 'https://paxton.test' },
  connected: false,
  connected_account: null,
  mapping: { fullName: 'displayName', email: 'mail', [`custom:${FIELD}`]: 'department' },
  sites: [SITE],
  groups: ['Staff', 'Contractors'],
  fields: ['department', 'title'],
  user_type_id: null,
  last_sync_at: null,
  next_sync_at: null,
} as IntegrationWire;

describe('the integration settings form', () => {
  it('opens a saved integration and sends back the same settings, custom fields included', () => {
    const form = formOf(saved);
    expect(form).toMatchObject({
      kind: 'paxton',
      username: 'svc',
      groups: 'Staff, Contractors',
      custom: { [FIELD]: 'department' },
    });
    const body = bodyOf(form);
    expect(body).toMatchObject({
      name: 'Door system',
      frequency: 'weekly',
      mapping: saved.mapping,
      sites: [SITE],
      groups: ['Staff', 'Contractors'],
      fields: ['department', 'title'],
    });
    expect(v.safeParse(integrationInput, body).success).toBe(true);
  });

  it('sends only the chosen kind’s credentials, never another kind’s typed secret', () => {
    const typed = { ...emptyForm, clientSecret: 'azure-secret', token: 'wonde-token', tenantId: 't', clientId: 'c' };
    expect(credentialsOf({ ...typed, kind: 'googleAD' })).toEqual({ kind: 'googleAD' });
    expect(credentialsOf({ ...typed, kind: 'paxton' })).not.toHaveProperty('clientSecret');
    expect(credentialsOf({ ...typed, kind: 'wonde' })).toEqual({ kind: 'wonde', schoolId: '', token: 'wonde-token' });
  });

  it('leaves blank mappings out and reads comma lists without blanks', () => {
    const body = bodyOf({ ...formOf(saved), email: '  ', custom: { [FIELD]: ' ' } });
    expect(body.mapping).toEqual({ fullName: 'displayName' });
    expect(splitList(' a, ,b ,, c')).toEqual(['a', 'b', 'c']);
  });

  it('refuses a nameless integration, and one with no site, group or field to sync', () => {
    const form = { ...formOf(saved), name: '', sites: [], groups: '', fields: '' };
    const r = parse(integrationInput, bodyOf(form));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.name).toEqual(['integrations.validation.name_required']);
    const named = parse(integrationInput, bodyOf({ ...form, name: 'Door system' }));
    expect(!named.ok && named.errors.sites).toEqual(['integrations.validation.selectAtLeastOne']);
  });
});

describe('after a sync', () => {
  const integ = { id: 'i1', name: 'Door system' };
  it('shows duplicates first, then failed rows, else the integration', () => {
    expect(afterSyncPath(integ, { duplicates: 2, errors: 5 })).toBe('/integration-duplicate?id=i1');
    expect(afterSyncPath(integ, { duplicates: 0, errors: 5 })).toBe('/integration-error?id=i1');
    expect(afterSyncPath(integ, { duplicates: 0, errors: 0 })).toBe('/view-integration/i1/Door%20system');
    expect(afterSyncPath(integ, null)).toBe('/view-integration/i1/Door%20system');
  });
});
