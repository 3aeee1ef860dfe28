// /add-journey and /update/journey/:id: the journey's name (en/ar/es), description, logo and
// settings; creating continues to adding its first flow. The edit page lists the flows.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Table, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { readJourneySettings } from '../../../../domain/journey';
import { journeyInput, journeyRuleErrors } from '../../../../domain/journey-config';
import { api } from '../../../api/client';
import { useOnline } from '../../../sync/sync-context';
import { NeedsConnection } from '../../../ui/needs-connection';
import { OfflineNotice } from '../../../ui/offline-notice';
import { useLocalJourney } from '../hooks/use-local-journeys';
import { PageTitle } from '../../../ui/page-title';
import type { FlowItem, JourneyDetail, JourneyItem } from '../journey-wire';
import { useConfigOptions } from '../hooks/use-config-options';
import { useDraft } from '../hooks/use-draft';
import { useFormErrors } from '../hooks/use-form-errors';
import { useSend } from '../hooks/use-send';
import { JourneyFields, type Settings } from './journey-fields';
import { textIn, textsOf, writtenTexts, type Texts } from '../../../../domain/localized-text';
import { LocalizedInput } from '../../../ui/localized-input';

interface Form {
  name: Texts;
  description: string;
  logo: string;
  settings: Settings;
}

const emptyForm = (): Form => ({ name: {}, description: '', logo: '', settings: readJourneySettings({}) });
const formOf = (j: JourneyItem): Form => ({
  name: textsOf(j.name),
  description: j.description ?? '',
  logo: j.logo ?? '',
  settings: j.settings,
});

export function JourneyFormPage() {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const online = useOnline();
  const send = useSend();
  const options = useConfigOptions();
  const { check, errorOf, setErrors } = useFormErrors();
  const [fetched, setLoaded] = useState<JourneyDetail | null>(null);
  // Offline the journey as this device holds it.
  const local = useLocalJourney(id);
  const loaded = fetched ?? (online ? null : (local ?? null));
  const [busy, setBusy] = useState(false);
  const initial = useMemo(() => (id ? (loaded ? formOf(loaded) : null) : emptyForm()), [id, loaded]);
  const [form, update, clearDraft, restored] = useDraft<Form>(id ? `journey.${id}` : 'journey.new', initial);

  useEffect(() => {
    if (!id || !online) return;
    void api.get<{ data: JourneyDetail }>(`/journeys/${id}`).then((res) => {
      if (res.ok) setLoaded(res.data.data);
    });
  }, [id, online]);

  if (!form) return !online ? <NeedsConnection /> : null;
  const set = (patch: Partial<Form>) => update((f) => ({ ...f, ...patch }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!form) return;
    const payload = {
      name: writtenTexts(form.name),
      description: form.description.trim() || null,
      logo: form.logo.trim() || null,
      settings: form.settings,
    };
    const flowTypes = (loaded?.flows ?? []).map((f) => f.user_type_id).filter((x): x is string => !!x);
    const valid = check(journeyInput, payload, (v) => journeyRuleErrors(v, options, flowTypes));
    if (!valid) return;
    setBusy(true);
    const res = id
      ? await send<JourneyItem>('PUT', `/journeys/${id}`, payload, t('journeys.updated'))
      : await send<JourneyItem>('POST', '/journeys', payload, t('journeys.created'));
    setBusy(false);
    if (!res.ok) return setErrors(res.errors);
    clearDraft();
    navigate(id ? '/journeys' : `/add/journey/flow/${res.data.id}`);
  }

  return (
    <Stack gap="md">
      <PageTitle>{id ? t('routes.updateJourney') : t('routes.addJourney')}</PageTitle>
      <OfflineNotice testId="journey-offline" />
      {restored ? (
        <Alert color="blue" data-testid="draft-restored">
          {t('journeys.draftRestored')}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <LocalizedInput
              label={t('journeys.name')}
              required
              value={form.name}
              onChange={(name) => set({ name })}
              error={errorOf('name')}
              testId="journey-name"
            />
            <Textarea
              label={t('journeys.description')}
              maxLength={250}
              value={form.description}
              onChange={(e) => set({ description: e.currentTarget.value })}
              error={errorOf('description')}
            />
            <TextInput
              label={t('journeys.logo')}
              dir="ltr"
              value={form.logo}
              onChange={(e) => set({ logo: e.currentTarget.value })}
              error={errorOf('logo')}
            />
            <JourneyFields
              settings={form.settings}
              set={(patch) => set({ settings: { ...form.settings, ...patch } })}
              errorOf={errorOf}
              options={options}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate('/journeys')}>
                {t('journeys.cancel')}
              </Button>
              <Button type="submit" loading={busy} data-testid="save-journey">
                {id ? t('journeys.save') : t('journeys.createAndAddFlow')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {id && loaded ? <FlowList journeyId={id} flows={loaded.flows} language={i18n.language} /> : null}
    </Stack>
  );
}

function FlowList({ journeyId, flows, language }: { journeyId: string; flows: FlowItem[]; language: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" data-testid="journey-flows">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('journeys.flows')}
        </Title>
        <Button component={Link} to={`/add/journey/flow/${journeyId}`} data-testid="add-flow">
          {t('journeys.addFlow')}
        </Button>
      </Group>
      <Table verticalSpacing="sm">
        <Table.Tbody>
          {flows.map((f) => (
            <Table.Tr key={f.id} data-testid="flow-row">
              <Table.Td dir="auto">{textIn(f.name, language)}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" component={Link} to={`/update/journey/flow/${f.id}`}>
                  {t('journeys.edit')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
