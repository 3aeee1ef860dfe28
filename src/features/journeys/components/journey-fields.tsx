// The journey's settings (spec 1 §3 "Journey"): access by sites, kiosk areas, touch mode, quick
// pass type, instruction screen, shown types, covid column, name match, attendance mode,
// the kiosk's idle countdown, notifications, outputs and feedback.
import {
  Fieldset,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  useMatches,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConfigOptions } from '../hooks/use-config-options';
import { IDLE_SECONDS, IDLE_WARNING_SECONDS } from '../../../../domain/journey';
import type { Texts } from '../../../../domain/localized-text';
import { LocalizedInput } from '../../../ui/localized-input';

export type Settings = Record<string, unknown>;

export function JourneyFields({
  settings,
  set,
  errorOf,
  options,
}: {
  settings: Settings;
  set: (patch: Settings) => void;
  errorOf: (field: string) => string | undefined;
  options: ConfigOptions;
}) {
  const { t } = useTranslation();
  // Both name-match choices side by side are wider than a phone: there they stand one above the other.
  const narrow = useMatches({ base: true, sm: false });
  const on = (key: string) => ({
    checked: Boolean(settings[key]),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ [key]: e.currentTarget.checked }),
    error: errorOf(`settings.${key}`),
    'data-testid': `journey-${key}`,
  });
  const list = (key: string) => (settings[key] as string[] | undefined) ?? [];
  return (
    <Stack gap="md">
      <Fieldset legend={t('journeys.access')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label={t('journeys.sites')}
            description={t('journeys.sitesHint')}
            data={options.sites}
            value={list('sites')}
            onChange={(v) => set({ sites: v })}
            error={errorOf('settings.sites')}
            data-testid="journey-sites"
          />
          <MultiSelect
            label={t('journeys.areas')}
            description={t('journeys.areasHint')}
            data={options.areas}
            value={list('areas')}
            onChange={(v) => set({ areas: v })}
            error={errorOf('settings.areas')}
            data-testid="journey-areas"
            searchable
          />
          <MultiSelect
            label={t('journeys.shownUserTypes')}
            data={options.userTypes}
            value={list('shown_user_types')}
            onChange={(v) => set({ shown_user_types: v })}
            error={errorOf('settings.shown_user_types')}
          />
          <Select
            label={t('journeys.quickPassType')}
            data={options.userTypes}
            value={(settings.quick_pass_user_type_id as string | null) ?? null}
            onChange={(v) => set({ quick_pass_user_type_id: v })}
            error={errorOf('settings.quick_pass_user_type_id')}
            clearable
          />
          <Select
            label={t('journeys.attendanceMode')}
            data={options.modes}
            value={(settings.attendance_mode_id as string | null) ?? null}
            onChange={(v) => set({ attendance_mode_id: v })}
            clearable
          />
          <TextInput
            label={t('journeys.covidColumn')}
            maxLength={30}
            value={(settings.covid_column as string) ?? ''}
            onChange={(e) => set({ covid_column: e.currentTarget.value })}
            error={errorOf('settings.covid_column')}
          />
        </SimpleGrid>
        <Stack gap="xs" mt="md">
          <SegmentedControl
            aria-label={t('journeys.nameMatch')}
            orientation={narrow ? 'vertical' : 'horizontal'}
            fullWidth={narrow}
            value={(settings.name_match as string) ?? 'quick'}
            onChange={(v) => set({ name_match: v })}
            data={[
              { value: 'quick', label: t('journeys.nameMatchQuick') },
              { value: 'private', label: t('journeys.nameMatchPrivate') },
            ]}
          />
          <Switch label={t('journeys.touchMode')} {...on('touch_mode')} />
          <Switch label={t('journeys.remoteWork')} {...on('remote_work')} />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('journeys.instructionScreen')}>
        <Stack gap="xs">
          <Switch label={t('journeys.instructionEnabled')} {...on('instruction_enabled')} />
          {settings.instruction_enabled ? (
            <LocalizedInput
              label={t('journeys.instruction')}
              multiline
              value={(settings.instruction as Texts | null) ?? {}}
              onChange={(v) => set({ instruction: v })}
              error={errorOf('settings.instruction')}
              testId="journey-instruction"
            />
          ) : null}
        </Stack>
      </Fieldset>
      <Fieldset legend={t('journeys.idle.legend')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {(
            [
              ['idle_seconds', IDLE_SECONDS],
              ['idle_warning_seconds', IDLE_WARNING_SECONDS],
            ] as const
          ).map(([key, range]) => (
            <NumberInput
              key={key}
              label={t(`journeys.idle.${key}`)}
              description={t(`journeys.idle.${key}_hint`, { min: range.min, max: range.max })}
              min={range.min}
              max={range.max}
              allowDecimal={false}
              allowNegative={false}
              value={(settings[key] as number | undefined) ?? range.fallback}
              onChange={(v) => set({ [key]: typeof v === 'number' ? v : Number(v) || 0 })}
              error={errorOf(`settings.${key}`)}
              data-testid={`journey-${key}`}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('journeys.notificationsAndOutput')}>
        <Stack gap="xs">
          <Switch label={t('journeys.notifications')} {...on('notifications')} />
          <TextInput
            label={t('journeys.emails')}
            description={t('journeys.emailsHint')}
            dir="ltr"
            value={(settings.notification_emails as string) ?? ''}
            onChange={(e) => set({ notification_emails: e.currentTarget.value })}
            error={errorOf('settings.notification_emails')}
            data-testid="journey-emails"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {['print_badge', 'door_relay', 'weigand_output', 'facial_recognition', 'rfid_scan', 'feedback'].map((k) => (
              <Switch key={k} label={t(`journeys.outputs.${k}`)} {...on(k)} />
            ))}
          </SimpleGrid>
        </Stack>
      </Fieldset>
    </Stack>
  );
}
