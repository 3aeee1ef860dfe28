// /add-attendance-mode (?id= edits): name with a live availability check, working days, hours,
// late and early grace, on-time code and integration. After saving → /attendance-modes (spec 2 §4).
import { useEffect, useState } from 'react';
import { Button, Chip, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { modeInput, modeRuleErrors } from '../../../../domain/attendance-schemas';
import { api } from '../../../api/client';
import { NeedsConnection } from '../../../ui/needs-connection';
import { PageTitle } from '../../../ui/page-title';
import { TimeField } from '../../../ui/time-field';
import type { ModeItem } from '../attendance-wire';
import { useFormErrors, useModes, useSend } from '../hooks/use-attendance';
import { weekdayName } from '../weekday-names';
import { ToggleChip } from '../../../ui/toggle-chip';

interface Form {
  name: string;
  workingDays: number[];
  startTime: string;
  endTime: string;
  lateGraceMinutes: number | string;
  earlyGraceMinutes: number | string;
  attendanceCode: string;
  integration: string;
}
const EMPTY: Form = {
  name: '',
  workingDays: [1, 2, 3, 4, 5],
  startTime: '09:00',
  endTime: '17:00',
  lateGraceMinutes: 15,
  earlyGraceMinutes: 15,
  attendanceCode: '',
  integration: '',
};
const formOf = (m: ModeItem): Form => ({ ...m, integration: m.integration ?? '' });

export function ModeFormPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const send = useSend();
  const { modes, online } = useModes();
  const { check, errorOf, setErrors } = useFormErrors();
  const editing = id ? modes?.find((m) => m.id === id) : undefined;
  const [form, setForm] = useState<Form | null>(id ? null : EMPTY);
  const [available, setAvailable] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (editing && !form) setForm(formOf(editing));
  }, [editing, form]);

  // The availability flag (spec 2 §5), asked a moment after typing stops.
  const name = form?.name.trim() ?? '';
  useEffect(() => {
    if (!name) return setAvailable(null);
    const timer = setTimeout(() => {
      const q = new URLSearchParams({ name, ...(id ? { id } : {}) });
      void api.get<{ data: { available: boolean } }>(`/attendance-mode/unique?${q}`).then((r) => {
        if (r.ok) setAvailable(r.data.data.available);
      });
    }, 300);
    return () => clearTimeout(timer);
  }, [name, id]);

  if (!form) return !online ? <NeedsConnection /> : null;
  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });
  const num = (x: number | string) => (typeof x === 'number' ? x : x === '' ? NaN : Number(x));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!form) return;
    const payload = {
      ...form,
      lateGraceMinutes: num(form.lateGraceMinutes),
      earlyGraceMinutes: num(form.earlyGraceMinutes),
      integration: form.integration.trim() || null,
      ...(editing ? { version: editing.version } : {}),
    };
    if (!check(modeInput, payload, modeRuleErrors)) return;
    setBusy(true);
    const res = id
      ? await send('PUT', `/attendance_mode/${id}`, payload, t('attendance.modeSaved'))
      : await send('POST', '/attendance_mode', payload, t('attendance.modeSaved'));
    setBusy(false);
    if (!res.ok) return setErrors(res.errors);
    navigate('/attendance-modes');
  }

  return (
    <Stack gap="md">
      <PageTitle>{id ? t('attendance.editMode') : t('routes.addAttendanceMode')}</PageTitle>
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('attendance.modeName')}
              required
              maxLength={50}
              value={form.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              error={errorOf('name') ?? (available === false ? t('attendance.validation.name_taken') : undefined)}
              description={available ? t('attendance.nameAvailable') : undefined}
              data-testid="mode-name"
            />
            <div role="group" aria-labelledby="working-days-label">
              <Text id="working-days-label" size="sm" fw={500} mb={4}>
                {t('attendance.workingDays')}
              </Text>
              <Chip.Group
                multiple
                value={form.workingDays.map(String)}
                onChange={(v) => set({ workingDays: v.map(Number).sort() })}
              >
                <Group gap="xs">
                  {[1, 2, 3, 4, 5, 6, 7].map((d) => (
                    <ToggleChip key={d} value={String(d)} data-testid={`day-${d}`}>
                      {weekdayName(d, i18n.language)}
                    </ToggleChip>
                  ))}
                </Group>
              </Chip.Group>
              {errorOf('workingDays') ? (
                <Text c="red" size="xs" mt={4}>
                  {errorOf('workingDays')}
                </Text>
              ) : null}
            </div>
            <Group grow align="flex-start">
              <TimeField
                label={t('attendance.startTime')}
                required
                value={form.startTime}
                onChange={(startTime) => set({ startTime })}
                error={errorOf('startTime')}
                data-testid="mode-start"
              />
              <TimeField
                label={t('attendance.endTime')}
                required
                value={form.endTime}
                onChange={(endTime) => set({ endTime })}
                error={errorOf('endTime')}
                data-testid="mode-end"
              />
            </Group>
            <Group grow align="flex-start">
              <NumberInput
                label={t('attendance.lateGrace')}
                min={0}
                max={720}
                allowDecimal={false}
                value={form.lateGraceMinutes}
                onChange={(v) => set({ lateGraceMinutes: v })}
                error={errorOf('lateGraceMinutes')}
                data-testid="mode-late-grace"
              />
              <NumberInput
                label={t('attendance.earlyGrace')}
                min={0}
                max={720}
                allowDecimal={false}
                value={form.earlyGraceMinutes}
                onChange={(v) => set({ earlyGraceMinutes: v })}
                error={errorOf('earlyGraceMinutes')}
              />
            </Group>
            <Group grow align="flex-start">
              <TextInput
                label={t('attendance.onTimeCode')}
                required
                maxLength={30}
                dir="ltr"
                value={form.attendanceCode}
                onChange={(e) => set({ attendanceCode: e.currentTarget.value })}
                error={errorOf('attendanceCode')}
                data-testid="mode-code"
              />
              <TextInput
                label={t('attendance.integration')}
                maxLength={50}
                value={form.integration}
                onChange={(e) => set({ integration: e.currentTarget.value })}
                error={errorOf('integration')}
              />
            </Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate('/attendance-modes')}>
                {t('attendance.cancel')}
              </Button>
              <Button type="submit" loading={busy} data-testid="save-mode">
                {t('attendance.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
