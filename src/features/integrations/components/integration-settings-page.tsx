// /integration-settings (issue 18): create or edit a Microsoft Entra ID integration — its
// credentials (the secret is never shown again; empty keeps it), which directory fields fill
// Gatehouse's fields, what is selected (fields, groups) and how often it syncs.
import {
  Alert,
  Button,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SYNC_FREQUENCIES, type IntegrationWire, type SyncFrequency } from '../../../../domain/integrations';
import { api } from '../../../api/client';
import { PageTitle } from '../../../ui/page-title';
import { useIntegrationData } from '../hooks/use-integration-data';

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function IntegrationSettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id');
  const [form, setForm] = useState({
    name: '',
    tenantId: '',
    clientId: '',
    clientSecret: '',
    frequency: 'daily' as SyncFrequency,
    fullName: '',
    email: '',
    phone: '',
    fields: 'department',
    groups: '',
    sites: [] as string[],
    userTypeId: null as string | null,
  });
  // The type synced people get (a kiosk journey shows only its user types).
  const types = useIntegrationData<{ id: string; name: string }[]>('/user-types').data ?? [];
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failed, setFailed] = useState(false);
  // The value is read now: React clears currentTarget once the handler returns.
  const set = (k: keyof typeof form) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [k]: value }));
  };
  const err = (k: string) => errors[k]?.map((m) => t(m)).join(' ');

  useEffect(() => {
    if (!id) return;
    void api.get<{ data: IntegrationWire }>(`/integrations/${id}`).then((res) => {
      if (!res.ok) return setFailed(true);
      const i = res.data.data;
      setForm({
        name: i.name,
        tenantId: i.credentials.tenantId,
        clientId: i.credentials.clientId,
        clientSecret: '',
        frequency: i.frequency,
        fullName: i.mapping.fullName ?? '',
        email: i.mapping.email ?? '',
        phone: i.mapping.phone ?? '',
        fields: i.fields.join(', '),
        groups: i.groups.join(', '),
        sites: i.sites,
        userTypeId: i.user_type_id,
      });
    });
  }, [id]);

  async function save() {
    const mapping = Object.fromEntries(
      (['fullName', 'email', 'phone'] as const).filter((k) => form[k].trim()).map((k) => [k, form[k].trim()]),
    );
    const body = {
      name: form.name,
      credentials: {
        kind: 'azureAD',
        tenantId: form.tenantId,
        clientId: form.clientId,
        clientSecret: form.clientSecret,
      },
      frequency: form.frequency,
      mapping,
      sites: form.sites,
      groups: list(form.groups),
      fields: list(form.fields),
      user_type_id: form.userTypeId,
    };
    const res = id
      ? await api.request<{ data: IntegrationWire }>('PUT', `/integrations/${id}`, { body })
      : await api.post<{ data: IntegrationWire }>('/integrations', body);
    if (res.ok) return navigate(`/sync-status?id=${res.data.data.id}`);
    setErrors(res.body?.errors ?? { name: ['errors.generic'] });
  }

  return (
    <Stack gap="md" data-testid="integration-settings">
      <PageTitle>{t(id ? 'integrations.settings.editTitle' : 'integrations.settings.title')}</PageTitle>
      {failed ? <Alert color="yellow">{t('integrations.needsConnection')}</Alert> : null}
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text c="dimmed">{t('integrations.settings.azureHint')}</Text>
          <TextInput
            label={t('integrations.settings.name')}
            data-testid="integration-name"
            value={form.name}
            onChange={set('name')}
            error={err('name')}
            required
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('integrations.settings.tenantId')}
              data-testid="integration-tenantId"
              value={form.tenantId}
              onChange={set('tenantId')}
              error={err('credentials.tenantId')}
              required
            />
            <TextInput
              label={t('integrations.settings.clientId')}
              data-testid="integration-clientId"
              value={form.clientId}
              onChange={set('clientId')}
              error={err('credentials.clientId')}
              required
            />
          </SimpleGrid>
          <PasswordInput
            label={t('integrations.settings.clientSecret')}
            description={id ? t('integrations.settings.secretKept') : undefined}
            data-testid="integration-clientSecret"
            value={form.clientSecret}
            onChange={set('clientSecret')}
            error={err('credentials.clientSecret')}
            required={!id}
          />
          <Select
            label={t('integrations.settings.frequency')}
            data={SYNC_FREQUENCIES.map((f) => ({ value: f, label: t(`integrations.frequency.${f}`) }))}
            value={form.frequency}
            onChange={(v) => v && setForm((f) => ({ ...f, frequency: v as SyncFrequency }))}
            allowDeselect={false}
          />
          <Select
            label={t('integrations.settings.userType')}
            data-testid="integration-userType"
            data={types.map((ty) => ({ value: ty.id, label: ty.name }))}
            value={form.userTypeId}
            onChange={(v) => setForm((f) => ({ ...f, userTypeId: v }))}
            clearable
          />
          <Title order={3} size="h5">
            {t('integrations.settings.mapping')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {(['fullName', 'email', 'phone'] as const).map((k) => (
              <TextInput
                key={k}
                label={t(`integrations.settings.map.${k}`)}
                placeholder={t(`integrations.settings.mapDefault.${k}`)}
                value={form[k]}
                onChange={set(k)}
                error={err(`mapping.${k}`)}
              />
            ))}
          </SimpleGrid>
          <Title order={3} size="h5">
            {t('integrations.settings.selection')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('integrations.settings.fields')}
              value={form.fields}
              onChange={set('fields')}
              error={err('sites')}
            />
            <TextInput label={t('integrations.settings.groups')} value={form.groups} onChange={set('groups')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate('/integration')}>
              {t('integrations.cancel')}
            </Button>
            <Button onClick={() => void save()} data-testid="integration-save">
              {t('integrations.settings.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
