// /add-reason (?mode= the mode, ?id= edits a reason): name (≤ 20, unique in its mode), late
// sign-in or early sign-out, duration ≥ 1 minute, a time range inside the mode's hours not
// overlapping another of its type, attendance code, and the reason text a person is shown
// (≥ 20 characters). After saving → /attendance-modes (spec 2 §4).
import { useEffect, useState } from 'react';
import {
  Autocomplete,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PRESENTED_MIN, reasonInput, reasonRuleErrors } from '../../../../domain/attendance-schemas';
import { api } from '../../../api/client';
import { useStoredUser } from '../../../api/session';
import { NeedsConnection } from '../../../ui/needs-connection';
import { PageTitle } from '../../../ui/page-title';
import { TimeField } from '../../../ui/time-field';
import type { ReasonItem } from '../attendance-wire';
import { useFormErrors, useModes, useSend } from '../hooks/use-attendance';

interface Form {
  attendanceModeId: string;
  name: string;
  type: 'late_sign_in' | 'early_sign_out';
  durationMinutes: number | string;
  startTime: string;
  endTime: string;
  attendanceCode: string;
  presented: string;
}

const formOf = (modeId: string, r?: ReasonItem): Form => ({
  attendanceModeId: modeId,
  name: r?.name ?? '',
  type: r?.type ?? 'late_sign_in',
  durationMinutes: r?.durationMinutes ?? 30,
  startTime: r?.startTime ?? '',
  endTime: r?.endTime ?? '',
  attendanceCode: r?.attendanceCode ?? '',
  presented: r?.presented ?? '',
});

export function ReasonFormPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const send = useSend();
  const entityId = useStoredUser()?.data.user.entity.id;
  const { modes, online } = useModes();
  const { check, errorOf, setErrors } = useFormErrors();
  const [form, setForm] = useState<Form | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const mode = modes?.find((m) => m.id === form?.attendanceModeId);

  useEffect(() => {
    if (!modes || form) return;
    const owner = modes.find((m) => m.id === params.get('mode')) ?? modes[0];
    setForm(
      formOf(
        owner?.id ?? '',
        owner?.reasons.find((r) => r.id === id),
      ),
    );
  }, [modes, form, params, id]);

  const modeId = form?.attendanceModeId;
  useEffect(() => {
    if (!entityId || !modeId) return;
    const q = new URLSearchParams({ add_reason: '1', attendance_mode_id: modeId });
    void api.get<{ data: Array<{ id: string }> }>(`/attendance_code/${entityId}/none?${q}`).then((r) => {
      if (r.ok) setCodes(r.data.data.map((c) => c.id));
    });
  }, [entityId, modeId]);

  if (!form) return !online ? <NeedsConnection /> : null;
  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!form) return;
    const d = form.durationMinutes;
    const payload = {
      ...form,
      durationMinutes: typeof d === 'number' ? d : d === '' ? NaN : Number(d),
      ...(mode ? { version: mode.version } : {}),
    };
    const others = mode?.reasons.filter((r) => r.id !== id) ?? [];
    const valid = check(reasonInput, payload, (v) => (mode ? reasonRuleErrors(v, mode, others) : {}));
    if (!valid) return;
    setBusy(true);
    const res = id
      ? await send('PUT', `/reason/${id}`, payload, t('attendance.reasonSaved'))
      : await send('POST', '/reason', payload, t('attendance.reasonSaved'));
    setBusy(false);
    if (!res.ok) return setErrors(res.errors);
    navigate('/attendance-modes');
  }

  const left = PRESENTED_MIN - form.presented.trim().length;
  return (
    <Stack gap="md">
      <PageTitle>{id ? t('attendance.editReason') : t('routes.addReason')}</PageTitle>
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <Select
              label={t('attendance.mode')}
              required
              disabled={Boolean(id)}
              data={(modes ?? []).map((m) => ({ value: m.id, label: m.name }))}
              value={form.attendanceModeId || null}
              onChange={(v) => set({ attendanceModeId: v ?? '' })}
              error={errorOf('attendanceModeId')}
              description={mode ? t('attendance.modeHours', { start: mode.startTime, end: mode.endTime }) : undefined}
              data-testid="reason-mode"
            />
            <TextInput
              label={t('attendance.reasonName')}
              required
              maxLength={20}
              value={form.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              error={errorOf('name')}
              data-testid="reason-name"
            />
            <div role="group" aria-labelledby="reason-type-label">
              <Text id="reason-type-label" size="sm" fw={500} mb={4}>
                {t('attendance.type')}
              </Text>
              <SegmentedControl
                value={form.type}
                onChange={(v) => set({ type: v as Form['type'] })}
                data={[
                  { value: 'late_sign_in', label: t('attendance.types.late_sign_in') },
                  { value: 'early_sign_out', label: t('attendance.types.early_sign_out') },
                ]}
                data-testid="reason-type"
              />
            </div>
            <Group grow align="flex-start">
              <TimeField
                label={t('attendance.rangeStart')}
                required
                value={form.startTime}
                onChange={(startTime) => set({ startTime })}
                error={errorOf('startTime')}
                data-testid="reason-start"
              />
              <TimeField
                label={t('attendance.rangeEnd')}
                required
                value={form.endTime}
                onChange={(endTime) => set({ endTime })}
                error={errorOf('endTime')}
                data-testid="reason-end"
              />
              <NumberInput
                label={t('attendance.durationMinutes')}
                required
                min={1}
                max={1440}
                allowDecimal={false}
                value={form.durationMinutes}
                onChange={(v) => set({ durationMinutes: v })}
                error={errorOf('durationMinutes')}
                data-testid="reason-duration"
              />
            </Group>
            <Autocomplete
              label={t('attendance.code')}
              required
              maxLength={30}
              dir="ltr"
              data={codes}
              value={form.attendanceCode}
              onChange={(v) => set({ attendanceCode: v })}
              error={errorOf('attendanceCode')}
              data-testid="reason-code"
            />
            <Textarea
              label={t('attendance.presented')}
              required
              autosize
              minRows={2}
              maxLength={500}
              value={form.presented}
              onChange={(e) => set({ presented: e.currentTarget.value })}
              error={errorOf('presented')}
              description={left > 0 ? t('attendance.presentedLeft', { count: left }) : undefined}
              data-testid="reason-presented"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate('/attendance-modes')}>
                {t('attendance.cancel')}
              </Button>
              <Button type="submit" loading={busy} data-testid="save-reason">
                {t('attendance.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
