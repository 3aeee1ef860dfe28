// /integration-settings: create or edit an integration with any of the four
// directories — its credentials (or Google/Microsoft consent), which directory fields fill
// Gatehouse's fields, what is selected (sites, fields, groups: at least one) and how often it
// syncs. The directory is fixed once created (its people are linked by that directory's ids).
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  INTEGRATION_KINDS,
  SYNC_FREQUENCIES,
  type IntegrationKind,
  type SyncFrequency,
} from '../../../../domain/integrations';
import { NeedsConnection } from '../../../ui/needs-connection';
import { PageTitle } from '../../../ui/page-title';
import { useIntegrationData } from '../hooks/use-integration-data';
import { MAPPED, useIntegrationSettingsForm, type SettingsForm } from '../hooks/use-integration-settings-form';
import { CredentialsSettingsFields } from './credentials-settings-fields';
import { CustomMappingFields } from './custom-mapping-fields';
import { GroupsField } from './groups-field';

const CONSENT_OUTCOMES = ['refused', 'expired', 'failed'] as const;

export function IntegrationSettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const consent = CONSENT_OUTCOMES.find((c) => c === params.get('consent'));
  const { form, setForm, saved, errors, offline, busy, save, connect } = useIntegrationSettingsForm(id);
  // The type synced people get (a kiosk journey shows only its user types), and the sites.
  const types = useIntegrationData<{ id: string; name: string }[]>('/user-types').data ?? [];
  const sites = useIntegrationData<{ id: string; name: string }[]>('/sites').data ?? [];
  // The value is read now: React clears currentTarget once the handler returns.
  const set = (k: keyof SettingsForm) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [k]: value }));
  };
  const err = (k: string) => errors[k]?.map((m) => t(m)).join(' ');

  async function submit() {
    const integ = await save();
    if (integ) navigate(`/sync-status?id=${integ.id}`);
  }

  return (
    <Stack gap="md" data-testid="integration-settings" data-kind={form.kind} data-loaded={!id || saved !== null}>
      <PageTitle>{t(id ? 'integrations.settings.editTitle' : 'integrationSettings.newTitle')}</PageTitle>
      {offline ? <NeedsConnection /> : null}
      {consent ? (
        <Alert color={consent === 'refused' ? 'yellow' : 'red'} data-testid="consent-outcome">
          {t(`integrationSettings.consent.${consent === 'failed' ? 'failedExchange' : consent}`)}
        </Alert>
      ) : null}
      {errors._ ? <Alert color="red">{err('_')}</Alert> : null}
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('integrations.settings.name')}
              data-testid="integration-name"
              value={form.name}
              onChange={set('name')}
              error={err('name')}
              required
            />
            <Select
              label={t('integrationSettings.kind')}
              data-testid="integration-kind"
              data={INTEGRATION_KINDS.map((k) => ({ value: k, label: t(`integrations.kind.${k}`) }))}
              value={form.kind}
              onChange={(v) => v && setForm((f) => ({ ...f, kind: v as IntegrationKind }))}
              disabled={Boolean(saved)}
              description={saved ? t('integrationSettings.kindFixed') : undefined}
              error={err('credentials.kind')}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Title order={2} size="h5">
            {t('integrationSettings.credentials')}
          </Title>
          <CredentialsSettingsFields
            form={form}
            set={set}
            err={err}
            saved={saved}
            busy={busy}
            onConnect={() => void connect()}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('integrations.settings.frequency')}
              data-testid="integration-frequency"
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
          </SimpleGrid>
          <Title order={2} size="h5">
            {t('integrations.settings.mapping')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('integrationSettings.mapHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {MAPPED.map((k) => (
              <TextInput
                key={k}
                label={t(`integrations.settings.map.${k}`)}
                placeholder={t(`integrationSettings.mapDefault.${form.kind}.${k}`)}
                data-testid={`integration-map-${k}`}
                dir="ltr"
                value={form[k]}
                onChange={set(k)}
                error={err(`mapping.${k}`) ?? err('mapping')}
              />
            ))}
          </SimpleGrid>
          <CustomMappingFields
            userTypeId={form.userTypeId}
            value={form.custom}
            onChange={(custom) => setForm((f) => ({ ...f, custom }))}
            err={err}
          />
          <Title order={2} size="h5">
            {t('integrations.settings.selection')}
          </Title>
          <MultiSelect
            label={t('integrationSettings.sites')}
            description={t('integrationSettings.sitesHint')}
            data-testid="integration-sites"
            data={sites.map((s) => ({ value: s.id, label: s.name }))}
            value={form.sites}
            onChange={(v) => setForm((f) => ({ ...f, sites: v }))}
            error={err('sites')}
            searchable
            clearable
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('integrations.settings.fields')}
              data-testid="integration-fields"
              dir="ltr"
              value={form.fields}
              onChange={set('fields')}
            />
            <GroupsField saved={saved} value={form.groups} onChange={(groups) => setForm((f) => ({ ...f, groups }))} />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" onClick={() => navigate('/integration')} mih={48}>
              {t('integrations.cancel')}
            </Button>
            <Button onClick={() => void submit()} loading={busy} data-testid="integration-save" mih={48}>
              {t('integrations.settings.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
