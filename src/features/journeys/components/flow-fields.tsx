// A flow's settings (spec 1 §3 "Journey flow"): checks, entry condition and its frequency,
// custom-field sections, host options and rules, badge and outputs, notification, GPS,
// feedback, reminder and send-before.
import {
  Fieldset,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  useMatches,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COMPLIANCE_FREQUENCIES } from '../../../../domain/compliance';
import {
  BADGE_CONTENTS,
  GPS_INPUTS,
  GPS_MODES,
  REMINDER_MIN_MINUTES,
  SEND_BEFORE_MIN_MINUTES,
  TEST_CHECKS,
} from '../../../../domain/journey';
import type { ConfigOptions } from '../hooks/use-config-options';
import type { Settings } from './journey-fields';
import { MissingSetup } from './missing-setup';

export function FlowFields({
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
  // Three tests side by side are wider than a phone: there they stand one above another.
  const narrow = useMatches({ base: true, sm: false });
  const on = (key: string) => ({
    checked: Boolean(settings[key]),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ [key]: e.currentTarget.checked }),
    error: errorOf(`settings.${key}`),
    'data-testid': `flow-${key}`,
  });
  const list = (key: string) => (settings[key] as string[] | undefined) ?? [];
  const minutes = (key: string, min: number) => ({
    min,
    allowDecimal: false,
    allowNegative: false,
    clampBehavior: 'none' as const,
    value: (settings[key] as number | null) ?? '',
    onChange: (v: number | string) => set({ [key]: v === '' ? null : Number(v) }),
    error: errorOf(`settings.${key}`),
    'data-testid': `flow-${key}`,
  });
  return (
    <Stack gap="md">
      <Fieldset legend={t('journeys.checks')}>
        <Stack gap="xs">
          <Switch label={t('journeys.temperatureCheck')} {...on('temperature_check')} />
          {settings.temperature_check ? (
            <NumberInput
              label={t('journeys.temperatureThreshold')}
              min={34}
              max={42}
              step={0.1}
              decimalScale={1}
              value={(settings.temperature_threshold as number) ?? 37.5}
              onChange={(v) => set({ temperature_threshold: v === '' ? null : Number(v) })}
              error={errorOf('settings.temperature_threshold')}
              data-testid="flow-temperature_threshold"
              maw={220}
            />
          ) : null}
          <Switch label={t('journeys.maskCheck')} {...on('mask_check')} />
          <Text size="sm" fw={500}>
            {t('journeys.testCheck')}
          </Text>
          <SegmentedControl
            aria-label={t('journeys.testCheck')}
            orientation={narrow ? 'vertical' : 'horizontal'}
            fullWidth={narrow}
            value={(settings.test_check as string) ?? 'none'}
            onChange={(v) => set({ test_check: v })}
            data={TEST_CHECKS.map((v) => ({ value: v, label: t(`journeys.tests.${v}`) }))}
          />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('journeys.entryConditions')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('journeys.complianceForm')}
            data={options.forms}
            value={(settings.compliance_id as string | null) ?? null}
            onChange={(v) => set({ compliance_id: v })}
            clearable
            data-testid="flow-compliance"
            description={
              options.loaded && options.forms.length === 0 ? (
                <MissingSetup what="compliance" to="/compliance-new" />
              ) : undefined
            }
          />
          <Select
            label={t('journeys.frequency')}
            data={COMPLIANCE_FREQUENCIES.map((v) => ({ value: v, label: t(`journeys.frequencies.${v}`) }))}
            value={(settings.compliance_frequency as string) ?? 'every time'}
            onChange={(v) => set({ compliance_frequency: v ?? 'every time' })}
            error={errorOf('settings.compliance_frequency')}
          />
          <MultiSelect
            label={t('journeys.sections')}
            data={options.sections}
            value={list('section_ids')}
            onChange={(v) => set({ section_ids: v })}
            data-testid="flow-sections"
            description={
              options.loaded && options.sections.length === 0 ? (
                <MissingSetup what="sections" to="/custom-fields" />
              ) : undefined
            }
          />
          <NumberInput label={t('journeys.reminder')} {...minutes('reminder_minutes', REMINDER_MIN_MINUTES)} />
          <NumberInput label={t('journeys.sendBefore')} {...minutes('send_before_minutes', SEND_BEFORE_MIN_MINUTES)} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('journeys.host')}>
        <Stack gap="xs">
          <Switch label={t('journeys.askHost')} {...on('host')} />
          {settings.host ? (
            <>
              <Switch label={t('journeys.allowNoHost')} {...on('allow_no_host')} />
              <Switch label={t('journeys.hostMessage')} {...on('host_message')} />
              <MultiSelect
                label={t('journeys.hostTypes')}
                description={t('journeys.hostTypesHint')}
                data={options.userTypes}
                value={list('host_user_type_ids')}
                onChange={(v) => set({ host_user_type_ids: v })}
                data-testid="flow-host-types"
              />
            </>
          ) : null}
        </Stack>
      </Fieldset>
      <Fieldset legend={t('journeys.badgeAndOutput')}>
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {['print_badge', 'door_relay', 'weigand_output', 'facial_recognition', 'rfid_scan', 'photo'].map((k) => (
              <Switch key={k} label={t(`journeys.outputs.${k}`)} {...on(k)} />
            ))}
          </SimpleGrid>
          <MultiSelect
            label={t('journeys.badgeContents')}
            data={BADGE_CONTENTS.map((v) => ({ value: v, label: t(`journeys.badge.${v}`) }))}
            value={list('badge_contents')}
            onChange={(v) => set({ badge_contents: v })}
          />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('journeys.notificationGpsFeedback')}>
        <Stack gap="xs">
          <Switch label={t('journeys.notifyHost')} {...on('notify_host')} />
          <TextInput
            label={t('journeys.emails')}
            description={t('journeys.emailsHint')}
            dir="ltr"
            value={(settings.notification_emails as string) ?? ''}
            onChange={(e) => set({ notification_emails: e.currentTarget.value })}
            error={errorOf('settings.notification_emails')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('journeys.gps')}
              data={GPS_MODES.map((v) => ({ value: v, label: t(`journeys.gpsModes.${v}`) }))}
              value={(settings.gps as string) ?? 'off'}
              onChange={(v) => set({ gps: v ?? 'off' })}
            />
            <Select
              label={t('journeys.gpsInput')}
              data={GPS_INPUTS.map((v) => ({ value: v, label: t(`journeys.gpsInputs.${v}`) }))}
              value={(settings.gps_input as string) ?? 'geofence'}
              onChange={(v) => set({ gps_input: v ?? 'geofence' })}
            />
          </SimpleGrid>
          <Switch label={t('journeys.outputs.feedback')} {...on('feedback')} />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
