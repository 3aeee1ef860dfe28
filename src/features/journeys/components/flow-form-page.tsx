// /add-flow, /add/journey/flow/:id (a journey's id) and /update/journey/flow/:id (a flow's id):
// the flow's name (en/ar/es), user type, input method, scale and settings beside a preview of
// its kiosk screens; saving goes to /update/journey/{journey_id}.
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { FLOW_SCALES, INPUT_METHODS, readFlowSettings } from '../../../../domain/journey';
import { flowInput, flowRuleErrors } from '../../../../domain/journey-config';
import { api } from '../../../api/client';
import { useOnline } from '../../../sync/sync-context';
import { OfflineNotice } from '../../../ui/offline-notice';
import { PageTitle } from '../../../ui/page-title';
import { KioskPreview } from '../../kiosk/preview';
import type { FlowItem, JourneyDetail, JourneyItem } from '../journey-wire';
import { useConfigOptions } from '../hooks/use-config-options';
import { useDraft } from '../hooks/use-draft';
import { useFormErrors } from '../hooks/use-form-errors';
import { useSend } from '../hooks/use-send';
import { FlowFields } from './flow-fields';
import { FlowLink } from './flow-link';
import type { Settings } from './journey-fields';
import { CONTENT_LANGUAGES, textIn, textsOf, writtenTexts, type Texts } from '../../../../domain/localized-text';
import { LocalizedInput } from '../../../ui/localized-input';

interface Form {
  journeyId: string | null;
  name: Texts;
  description: string;
  userTypeId: string | null;
  settings: Settings;
}

const emptyForm = (journeyId: string | null): Form => ({
  journeyId,
  name: {},
  description: '',
  userTypeId: null,
  settings: readFlowSettings({}),
});

export function FlowFormPage() {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const editing = useLocation().pathname.startsWith('/update/');
  const navigate = useNavigate();
  const online = useOnline();
  const send = useSend();
  const options = useConfigOptions();
  const { check, errorOf, setErrors } = useFormErrors();
  const [flow, setFlow] = useState<FlowItem | null>(null);
  const [journeys, setJourneys] = useState<JourneyItem[]>([]);
  const [journey, setJourney] = useState<JourneyDetail | null>(null);
  const [busy, setBusy] = useState(false);
  const [language, setLanguage] = useState(i18n.language.slice(0, 2));
  const initial = useMemo(
    () =>
      editing
        ? flow && {
            journeyId: flow.journey_id,
            name: textsOf(flow.name),
            description: flow.description ?? '',
            userTypeId: flow.user_type_id,
            settings: readFlowSettings(flow.settings),
          }
        : emptyForm(id ?? null),
    [editing, flow, id],
  );
  const [form, update, clearDraft, restored] = useDraft<Form>(editing ? `flow.${id}` : `flow.new.${id ?? ''}`, initial);
  const journeyId = form?.journeyId ?? null;

  useEffect(() => {
    if (!online) return;
    if (editing && id)
      void api.get<{ data: FlowItem }>(`/journey-flows/${id}`).then((r) => r.ok && setFlow(r.data.data));
    if (!editing && !id)
      void api.get<{ data: JourneyItem[] }>('/journeys').then((r) => r.ok && setJourneys(r.data.data));
  }, [online, editing, id]);
  useEffect(() => {
    if (online && journeyId)
      void api.get<{ data: JourneyDetail }>(`/journeys/${journeyId}`).then((r) => r.ok && setJourney(r.data.data));
  }, [online, journeyId]);

  const set = (patch: Partial<Form>) => update((f) => ({ ...f, ...patch }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!form) return;
    const payload = {
      name: writtenTexts(form.name),
      description: form.description.trim() || null,
      user_type_id: form.userTypeId,
      settings: form.settings,
    };
    const siblings = (journey?.flows ?? []).filter((f) => f.id !== id).map((f) => f.user_type_id);
    const valid = check(flowInput, payload, (v) =>
      flowRuleErrors(
        v,
        options,
        siblings.filter((x): x is string => !!x),
      ),
    );
    if (!valid) return;
    if (!form.journeyId) return setErrors({ journey_id: [t('validation.required')] });
    setBusy(true);
    const res = editing
      ? await send<FlowItem>('PUT', `/journey-flows/${id}`, payload, t('journeys.flowUpdated'))
      : await send<FlowItem>('POST', `/journeys/${form.journeyId}/flows`, payload, t('journeys.flowCreated'));
    setBusy(false);
    if (!res.ok) return setErrors(res.errors);
    clearDraft();
    navigate(`/update/journey/${res.data.journey_id}`);
  }

  return (
    <Stack gap="md">
      <PageTitle>{editing ? t('routes.updateJourneyFlow') : t('routes.addJourneyFlow')}</PageTitle>
      <OfflineNotice testId="journey-offline" />
      {restored ? (
        <Alert color="blue" data-testid="draft-restored">
          {t('journeys.draftRestored')}
        </Alert>
      ) : null}
      {form ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Paper withBorder radius="md" p="lg">
              <form onSubmit={(e) => void submit(e)} noValidate>
                <Stack gap="md">
                  {!editing && !id ? (
                    <Select
                      label={t('journeys.journey')}
                      required
                      data={journeys.map((j) => ({ value: j.id, label: textIn(j.name, i18n.language) }))}
                      value={form.journeyId}
                      onChange={(v) => set({ journeyId: v })}
                      error={errorOf('journey_id')}
                      data-testid="flow-journey"
                    />
                  ) : null}
                  <LocalizedInput
                    label={t('journeys.flowName')}
                    required
                    value={form.name}
                    onChange={(name) => set({ name })}
                    error={errorOf('name')}
                    testId="flow-name"
                  />
                  <Textarea
                    label={t('journeys.description')}
                    maxLength={250}
                    value={form.description}
                    onChange={(e) => set({ description: e.currentTarget.value })}
                    error={errorOf('description')}
                  />
                  {/* Side by side only where each select keeps room for its value beside its icons. */}
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <Select
                      label={t('journeys.userType')}
                      data={options.userTypes}
                      value={form.userTypeId}
                      onChange={(v) => set({ userTypeId: v })}
                      error={errorOf('user_type_id')}
                      clearable
                      data-testid="flow-user-type"
                    />
                    <Select
                      label={t('journeys.inputMethod')}
                      data={INPUT_METHODS.map((v) => ({ value: v, label: t(`journeys.inputMethods.${v}`) }))}
                      value={(form.settings.input_method as string) ?? 'any'}
                      onChange={(v) => set({ settings: { ...form.settings, input_method: v ?? 'any' } })}
                    />
                    <Select
                      label={t('journeys.scale')}
                      data={FLOW_SCALES.map((v) => ({ value: v, label: t(`journeys.scales.${v}`) }))}
                      value={(form.settings.scale as string) ?? 'none'}
                      onChange={(v) => set({ settings: { ...form.settings, scale: v ?? 'none' } })}
                    />
                  </SimpleGrid>
                  <FlowFields
                    settings={form.settings}
                    set={(patch) => set({ settings: { ...form.settings, ...patch } })}
                    errorOf={errorOf}
                    options={options}
                  />
                  <Group justify="flex-end">
                    <Button
                      variant="default"
                      onClick={() => navigate(journeyId ? `/update/journey/${journeyId}` : '/journeys')}
                    >
                      {t('journeys.cancel')}
                    </Button>
                    <Button type="submit" loading={busy} data-testid="save-flow">
                      {t('journeys.save')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="md">
              <Paper withBorder radius="md" p="md">
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Title order={2} size="h5">
                      {t('journeys.preview.title')}
                    </Title>
                    <SegmentedControl
                      aria-label={t('journeys.preview.language')}
                      size="xs"
                      value={language}
                      onChange={setLanguage}
                      data={CONTENT_LANGUAGES.map((l) => ({ value: l, label: t(`journeys.languages.${l}`) }))}
                    />
                  </Group>
                  <KioskPreview
                    language={language}
                    journey={{ name: journey?.name ?? '', settings: journey?.settings ?? {} }}
                    flow={{
                      id,
                      journeyId: journeyId ?? undefined,
                      name: form.name,
                      userTypeId: form.userTypeId,
                      settings: form.settings,
                    }}
                  />
                </Stack>
              </Paper>
              {editing && id ? <FlowLink flowId={id} /> : null}
            </Stack>
          </Grid.Col>
        </Grid>
      ) : null}
    </Stack>
  );
}
