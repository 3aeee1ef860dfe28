// Add one or many expected visitors; each gets an email invitation with their personal link.
import { useState, type FormEvent } from 'react';
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatVisitTime } from '../../../../domain/preregistration';
import { DateField } from '../../../ui/date-field';
import { TimeField } from '../../../ui/time-field';
import { useSend } from '../hooks/use-send';
import { useVisitOptions } from '../hooks/use-visit-options';

interface Row {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  user_type_id: string | null;
  journey_flow_id: string | null;
  area_id: string | null;
  host: string | null;
  visit_date: string;
  visit_time: string;
}
const empty = (): Row => ({
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  user_type_id: null,
  journey_flow_id: null,
  area_id: null,
  host: null,
  visit_date: '',
  visit_time: '',
});

export function AddVisitorsForm({ onAdded }: { onAdded(): void }) {
  const { t } = useTranslation();
  const send = useSend();
  const options = useVisitOptions();
  const navigate = useNavigate();
  const location = useLocation();
  const [rows, setRows] = useState<Row[]>([empty()]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const set = (i: number, key: keyof Row, value: string | null) =>
    setRows((old) => old.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  const err = (i: number, key: string) => errors[`visitors.${i}.${key}`]?.join(' ');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const visitors = rows.map((r) => {
      const [h = '0', m = '0'] = r.visit_time.split(':');
      return {
        ...r,
        host: r.host ?? '',
        area_id: r.area_id ?? '',
        user_type_id: r.user_type_id ?? options.userTypes[0]?.value ?? '',
        journey_flow_id: r.journey_flow_id ?? options.flows[0]?.value ?? '',
        visit_time: r.visit_time ? formatVisitTime({ hour: Number(h), minute: Number(m) }) : '',
        tz_offset: new Date().getTimezoneOffset(),
      };
    });
    const res = await send(
      'POST',
      '/add-expected-visitors',
      { visitors },
      { title: t('expectedVisits.toastTitle'), message: t('expectedVisits.toastBody') },
    );
    setBusy(false);
    if (!res.ok) {
      setErrors(res.errors);
      return;
    }
    setErrors({});
    setRows([empty()]);
    // Spec 1 §2: after adding a visit from the dashboard the user returns to /.
    const from = (location.state as { from?: string } | null)?.from;
    if (from === '/' || new URLSearchParams(location.search).get('from') === 'dashboard') navigate('/');
    else onAdded();
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="add-visitors-form">
      <Stack gap="md">
        {rows.map((r, i) => (
          <Card key={i} withBorder padding="md" data-testid="visitor-row">
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{t('expectedVisits.visitor', { n: i + 1 })}</Text>
              {rows.length > 1 ? (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  onClick={() => setRows((o) => o.filter((_, j) => j !== i))}
                >
                  {t('expectedVisits.remove')}
                </Button>
              ) : null}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('preregistration.firstName')}
                name={`first_name_${i}`}
                required
                value={r.first_name}
                onChange={(e) => set(i, 'first_name', e.currentTarget.value)}
                error={err(i, 'first_name')}
              />
              <TextInput
                label={t('preregistration.lastName')}
                name={`last_name_${i}`}
                required
                value={r.last_name}
                onChange={(e) => set(i, 'last_name', e.currentTarget.value)}
                error={err(i, 'last_name')}
              />
              <TextInput
                label={t('preregistration.email')}
                name={`email_${i}`}
                type="email"
                required
                dir="ltr"
                value={r.email}
                onChange={(e) => set(i, 'email', e.currentTarget.value)}
                error={err(i, 'email')}
              />
              <TextInput
                label={t('preregistration.phone')}
                name={`phone_${i}`}
                required
                dir="ltr"
                inputMode="numeric"
                value={r.phone}
                onChange={(e) => set(i, 'phone', e.currentTarget.value)}
                error={err(i, 'phone')}
              />
              <Select
                label={t('expectedVisits.journeyFlow')}
                data={options.flows}
                value={r.journey_flow_id ?? options.flows[0]?.value ?? null}
                onChange={(x) => set(i, 'journey_flow_id', x)}
                allowDeselect={false}
                error={err(i, 'journey_flow_id')}
              />
              <Select
                label={t('expectedVisits.userType')}
                data={options.userTypes}
                value={r.user_type_id ?? options.userTypes[0]?.value ?? null}
                onChange={(x) => set(i, 'user_type_id', x)}
                allowDeselect={false}
              />
              <Select
                label={t('expectedVisits.area')}
                data={options.areas}
                value={r.area_id}
                onChange={(x) => set(i, 'area_id', x)}
                clearable
              />
              <Select
                label={t('expectedVisits.host')}
                data={options.hostsFor(r.journey_flow_id ?? options.flows[0]?.value ?? null)}
                value={r.host}
                onChange={(x) => set(i, 'host', x)}
                searchable
                clearable
                placeholder={t('expectedVisits.noHost')}
              />
              <DateField
                label={t('preregistration.visitDate')}
                name={`visit_date_${i}`}
                data-testid={`visit-date-${i}`}
                required
                value={r.visit_date}
                onChange={(v) => set(i, 'visit_date', v)}
                error={err(i, 'visit_date')}
              />
              <TimeField
                label={t('preregistration.visitTime')}
                name={`visit_time_${i}`}
                required
                value={r.visit_time}
                onChange={(time) => set(i, 'visit_time', time)}
                error={err(i, 'visit_time')}
              />
            </SimpleGrid>
          </Card>
        ))}
        <Group>
          <Button variant="default" onClick={() => setRows((o) => [...o, empty()])}>
            {t('expectedVisits.addAnother')}
          </Button>
          <Button type="submit" loading={busy} data-testid="add-visitors-submit">
            {t('expectedVisits.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
