// Expected visits from this device's copy: approve and reject work offline (sync mutations);
// edit and delete need a connection. Rows refresh as changes arrive.
import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../domain/date-format';
import { formatVisitTime } from '../../../../domain/preregistration';
import type { VisitStatus } from '../../../../domain/preregistration-visit';
import { useDb } from '../../../db/db-context';
import { useSync } from '../../../sync/sync-context';
import { DateField } from '../../../ui/date-field';
import { TimeField } from '../../../ui/time-field';
import { useSend } from '../hooks/use-send';
import { VisitLinks } from './visit-links';
import { TableScroll } from '../../../ui/table-scroll';

interface VisitRow {
  id: string;
  personId: string;
  journeyFlowId: string | null;
  visitDate: string;
  visitTime: string;
  visitAt: number;
  status: VisitStatus;
  confirmedAt: number | null;
  arrivedAt?: number | null;
  pending?: number;
}
const COLOR: Record<VisitStatus, string> = {
  expected: 'blue',
  pending: 'yellow',
  approved: 'teal',
  rejected: 'red',
  held: 'orange',
};

export function VisitsList() {
  const { t, i18n } = useTranslation();
  const db = useDb();
  const sync = useSync();
  const send = useSend();
  const visits =
    useLiveQuery(() => db.table<VisitRow, string>('expectedVisits').orderBy('visitAt').reverse().toArray(), [db]) ?? [];
  const people = useLiveQuery(() => db.people.toArray(), [db]) ?? [];
  const names = new Map(people.map((p) => [p.id, p.fullName]));
  const [editing, setEditing] = useState<VisitRow | null>(null);
  const [linksOf, setLinksOf] = useState<VisitRow | null>(null);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');

  // A held registration is decided online: approving it mails the QR code to the address on file.
  const decide = (v: VisitRow, decision: 'approve' | 'reject') =>
    void (v.status === 'held'
      ? send('POST', `/${decision}-visit`, { visit_id: v.id }, { message: t('expectedVisits.saved') })
      : sync?.record(`expectedVisit.${decision}`, { visitId: v.id }));
  async function remove(v: VisitRow) {
    if (!window.confirm(t('expectedVisits.confirmDelete'))) return;
    await send('DELETE', `/delete-expected-visit?visit_id=${v.id}`, undefined, {
      message: t('expectedVisits.deleted'),
    });
  }
  async function saveEdit() {
    if (!editing) return;
    const [h = '0', m = '0'] = time.split(':');
    const res = await send(
      'PUT',
      '/edit-expected-visit',
      {
        visit_id: editing.id,
        visit_date: date,
        visit_time: formatVisitTime({ hour: Number(h), minute: Number(m) }),
        tz_offset: new Date().getTimezoneOffset(),
      },
      { message: t('expectedVisits.saved') },
    );
    if (res.ok) setEditing(null);
  }

  if (!visits.length) return <Text c="dimmed">{t('expectedVisits.empty')}</Text>;
  return (
    <>
      <TableScroll minWidth={640}>
        <Table verticalSpacing="xs" data-testid="expected-visits-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('expectedVisits.name')}</Table.Th>
              <Table.Th>{t('expectedVisits.when')}</Table.Th>
              <Table.Th>{t('expectedVisits.statusLabel')}</Table.Th>
              <Table.Th>{t('expectedVisits.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visits.map((v) => (
              <Table.Tr key={v.id} data-testid="expected-visit-row" data-visit-id={v.id} data-status={v.status}>
                <Table.Td>{names.get(v.personId) ?? '—'}</Table.Td>
                <Table.Td dir="ltr" style={{ textAlign: 'start' }}>
                  {formatDate(v.visitDate, i18n.language)} {v.visitTime.slice(0, 5)}
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge color={COLOR[v.status]} variant="light">
                      {t(`expectedVisits.status.${v.status}`)}
                    </Badge>
                    {v.confirmedAt ? (
                      <Badge color="gray" variant="outline">
                        {t('expectedVisits.confirmed')}
                      </Badge>
                    ) : null}
                    {v.arrivedAt ? (
                      <Badge color="teal" variant="filled" data-testid="expected-visit-arrived">
                        {t('arrival.arrived')}
                      </Badge>
                    ) : null}
                    {v.pending ? (
                      <Badge color="yellow" variant="dot">
                        {t('expectedVisits.pendingSync')}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setLinksOf(v)} data-testid="expected-visit-links">
                      {t('visitLinks.open')}
                    </Button>
                    {v.status !== 'approved' ? (
                      <Button size="xs" color="teal" onClick={() => decide(v, 'approve')} disabled={!sync}>
                        {t('expectedVisits.approve')}
                      </Button>
                    ) : null}
                    {v.status !== 'rejected' ? (
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        onClick={() => decide(v, 'reject')}
                        disabled={!sync}
                      >
                        {t('expectedVisits.reject')}
                      </Button>
                    ) : null}
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => {
                        setEditing(v);
                        setDate(v.visitDate);
                        setTime(v.visitTime.slice(0, 5));
                      }}
                    >
                      {t('expectedVisits.edit')}
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => void remove(v)}>
                      {t('expectedVisits.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <VisitLinks
        visit={linksOf}
        name={linksOf ? (names.get(linksOf.personId) ?? '') : ''}
        onClose={() => setLinksOf(null)}
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('expectedVisits.editTitle')}>
        <Stack>
          <DateField label={t('preregistration.visitDate')} value={date} onChange={setDate} />
          <TimeField label={t('preregistration.visitTime')} value={time} onChange={setTime} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(null)}>
              {t('expectedVisits.cancel')}
            </Button>
            <Button onClick={() => void saveEdit()}>{t('expectedVisits.saveEdit')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
