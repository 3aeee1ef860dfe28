// /announcements: the company's announcements, filtered by state (scheduled, active, expired),
// with their targets and options; details, edit and delete for those who may add them.
import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ANNOUNCEMENT_STATES, type AnnouncementState } from '../../../../domain/announcement';
import { formatDateTime } from '../../../../domain/date-format';
import { textIn } from '../../../../domain/localized-text';
import { isAllowed } from '../../../../domain/permissions';
import { useStoredUser } from '../../../api/session';
import { PageTitle } from '../../../ui/page-title';
import {
  targetNames,
  useAnnouncementList,
  useAnnouncementSend,
  type AnnouncementWire,
} from '../hooks/use-announcements';
import { StateBadge } from './state-badge';
import { TableScroll } from '../../../ui/table-scroll';
import { OfflineNotice } from '../../../ui/offline-notice';

export function AnnouncementsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const permissions = useStoredUser()?.data.user.role.permissions ?? {};
  const mayWrite = isAllowed(permissions, 'add-announcement');
  const [state, setState] = useState<AnnouncementState | 'all'>('all');
  const { list, failed, unreachable, copyAt, load } = useAnnouncementList(state === 'all' ? null : state);
  const send = useAnnouncementSend();
  const [deleting, setDeleting] = useState<AnnouncementWire | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    const res = await send('DELETE', `/announcements/${deleting.id}`, undefined, t('announcements.deleted'));
    setBusy(false);
    setDeleting(null);
    if (res.ok) load();
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <PageTitle>{t('announcements.title')}</PageTitle>
        {mayWrite ? (
          <Button component={Link} to="/add-announcement" data-testid="add-announcement">
            {t('announcements.add')}
          </Button>
        ) : null}
      </Group>
      <SegmentedControl
        aria-label={t('announcements.filterLabel')}
        value={state}
        onChange={(v) => setState(v as AnnouncementState | 'all')}
        data={['all', ...ANNOUNCEMENT_STATES].map((s) => ({ value: s, label: t(`announcements.filter.${s}`) }))}
        data-testid="announcement-filter"
        style={{ alignSelf: 'flex-start' }}
      />
      {unreachable ? <OfflineNotice force kind={list ? 'device' : 'server'} asOf={copyAt} /> : null}
      <Paper withBorder radius="md" p="md">
        {failed ? (
          <Group justify="space-between">
            <Text c="dimmed">{t('announcements.loadFailed')}</Text>
            <Button variant="light" onClick={load}>
              {t('announcements.retry')}
            </Button>
          </Group>
        ) : list && list.data.length === 0 ? (
          <Text c="dimmed" data-testid="announcements-empty">
            {t('announcements.empty')}
          </Text>
        ) : (
          <TableScroll minWidth={980}>
            <Table striped verticalSpacing="sm" data-testid="announcements-table">
              <Table.Thead>
                <Table.Tr>
                  {(['description', 'state', 'targets', 'publish', 'expiry', 'flags', 'actions'] as const).map((c) => (
                    <Table.Th key={c}>{t(`announcements.columns.${c}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(list?.data ?? []).map((a) => (
                  <Table.Tr key={a.id} data-testid="announcement-row">
                    <Table.Td dir="auto" miw={220} maw={320}>
                      <Text size="sm" lineClamp={2}>
                        {textIn(a.description, i18n.language)}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <StateBadge state={a.state} />
                    </Table.Td>
                    <Table.Td dir="auto">
                      {targetNames(a.target_user_types, list?.user_types ?? [], t('announcements.everyone'))}
                    </Table.Td>
                    <Table.Td>{formatDateTime(a.publish_time, lang)}</Table.Td>
                    <Table.Td>
                      {a.expiry_time ? formatDateTime(a.expiry_time, lang) : t('announcements.noExpiry')}
                    </Table.Td>
                    <Table.Td miw={160}>
                      <Group gap={4}>
                        {a.urgent ? (
                          <Badge color="red" style={{ minWidth: 'max-content' }}>
                            {t('announcements.fields.urgent')}
                          </Badge>
                        ) : null}
                        {a.pinned ? (
                          <Badge color="blue" style={{ minWidth: 'max-content' }}>
                            {t('announcements.fields.pinned')}
                          </Badge>
                        ) : null}
                        {a.verbal ? (
                          <Badge color="grape" tt="none" style={{ minWidth: 'max-content' }}>
                            {t('announcements.kiosk.readAloud')}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="subtle"
                          component={Link}
                          to={`/announcement-details?id=${a.id}`}
                          data-testid="announcement-details"
                        >
                          {t('announcements.details')}
                        </Button>
                        {mayWrite ? (
                          <>
                            <Button
                              size="xs"
                              variant="light"
                              component={Link}
                              to={`/add-announcement?id=${a.id}`}
                              data-testid="edit-announcement"
                            >
                              {t('announcements.edit')}
                            </Button>
                            <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(a)}>
                              {t('announcements.delete')}
                            </Button>
                          </>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Paper>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('announcements.deleteTitle')}>
        <Stack>
          <Text>{t('announcements.deleteBody')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('announcements.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void remove()} data-testid="confirm-delete">
              {t('announcements.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
