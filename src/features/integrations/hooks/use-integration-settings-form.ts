// The /integration-settings form for every directory kind: load an integration, build the body
// the API takes, check it with the same domain schema the server uses (spec 1 §5: name
// required; at least one site, field or group), save, and start Google/Microsoft consent.
import { useEffect, useState } from 'react';
import {
  integrationInput,
  type IntegrationKind,
  type IntegrationWire,
  type SyncFrequency,
} from '../../../../domain/integrations';
import { customTargetId, customTargetKey } from '../../../../domain/integration-custom-fields';
import { parse, type FieldErrors } from '../../../../domain/validation';
import { api } from '../../../api/client';

export const MAPPED = ['fullName', 'email', 'phone'] as const;
/** Comma-separated ids as the API's list (fields, and groups typed by hand). */
export const splitList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const emptyForm = {
  kind: 'azureAD' as IntegrationKind,
  name: '',
  frequency: 'daily' as SyncFrequency,
  tenantId: '',
  clientId: '',
  clientSecret: '',
  username: '',
  password: '',
  serverUrl: '',
  schoolId: '',
  token: '',
  fullName: '',
  email: '',
  phone: '',
  fields: 'department',
  groups: '',
  sites: [] as string[],
  userTypeId: null as string | null,
  /** Directory field per custom field id (mapping keys `custom:<id>`). */
  custom: {} as Record<string, string>,
};
export type SettingsForm = typeof emptyForm;

export function credentialsOf(f: SettingsForm) {
  if (f.kind === 'googleAD') return { kind: f.kind };
  if (f.kind === 'azureAD')
    return { kind: f.kind, tenantId: f.tenantId, clientId: f.clientId, clientSecret: f.clientSecret };
  if (f.kind === 'paxton')
    return { kind: f.kind, username: f.username, password: f.password, clientId: f.clientId, serverUrl: f.serverUrl };
  return { kind: f.kind, schoolId: f.schoolId, token: f.token };
}

export function bodyOf(f: SettingsForm) {
  return {
    name: f.name,
    credentials: credentialsOf(f),
    frequency: f.frequency,
    mapping: Object.fromEntries([
      ...MAPPED.filter((k) => f[k].trim()).map((k) => [k, f[k].trim()]),
      ...Object.entries(f.custom)
        .filter(([, source]) => source.trim())
        .map(([id, source]) => [customTargetKey(id), source.trim()]),
    ]),
    sites: f.sites,
    groups: splitList(f.groups),
    fields: splitList(f.fields),
    user_type_id: f.userTypeId,
  };
}

export function formOf(i: IntegrationWire): SettingsForm {
  const c = i.credentials as Record<string, string>;
  return {
    ...emptyForm,
    ...Object.fromEntries(Object.entries(c).filter(([k]) => k !== 'kind')),
    kind: i.kind,
    name: i.name,
    frequency: i.frequency,
    fullName: i.mapping.fullName ?? '',
    email: i.mapping.email ?? '',
    phone: i.mapping.phone ?? '',
    fields: i.fields.join(', '),
    groups: i.groups.join(', '),
    sites: i.sites,
    userTypeId: i.user_type_id,
    custom: Object.fromEntries(
      Object.entries(i.mapping).flatMap(([key, source]) => {
        const id = customTargetId(key);
        return id ? [[id, source]] : [];
      }),
    ),
  };
}

export function useIntegrationSettingsForm(id: string | null) {
  const [form, setForm] = useState<SettingsForm>(emptyForm);
  const [saved, setSaved] = useState<IntegrationWire | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [offline, setOffline] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!id) return;
    void api.get<{ data: IntegrationWire }>(`/integrations/${id}`).then((res) => {
      if (!res.ok) return setOffline(true);
      setSaved(res.data.data);
      setForm(formOf(res.data.data));
    });
  }, [id]);

  /** Checked here first with the server's own schema; the server's answer still has the last word. */
  async function save(): Promise<IntegrationWire | null> {
    const body = bodyOf(form);
    const checked = parse(integrationInput, body);
    if (!checked.ok) {
      setErrors(checked.errors);
      return null;
    }
    setBusy(true);
    const res = saved
      ? await api.request<{ data: IntegrationWire }>('PUT', `/integrations/${saved.id}`, { body })
      : await api.post<{ data: IntegrationWire }>('/integrations', body);
    setBusy(false);
    if (!res.ok) {
      setOffline(res.status === 0);
      setErrors(res.body?.errors ?? (res.status === 0 ? {} : { _: ['errors.generic'] }));
      return null;
    }
    setErrors({});
    setSaved(res.data.data);
    return res.data.data;
  }

  /** Saves, then sends the browser to Google's or Microsoft's consent page. */
  async function connect() {
    const integ = await save();
    if (!integ) return;
    setBusy(true);
    const res = await api.post<{ data: { url: string } }>(`/integrations/${integ.id}/connect`, {});
    setBusy(false);
    if (res.ok) return window.location.assign(res.data.data.url);
    setErrors(res.body?.errors ?? { _: ['errors.generic'] });
  }

  return { form, setForm, saved, errors, offline, busy, save, connect };
}
