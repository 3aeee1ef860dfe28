// /watch-list: the company's watch list — who, the action, where, until
// when — with adding, editing and removing, and the audit trail of every change beneath it.
import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../domain/date-format';
import type { WatchListEntryWire } from '../../../../domain/watch-list';
import { PageTitle } from '../../../ui/page-title';
import { TableScroll } from '../../../ui/table-scroll';
import { useWatchList, useWatchListSend } from '../hooks/use-watch-list';
import { WatchListForm } from './watch-list-form';
import { WatchListAudit } from './watch-list-audit';

export function WatchListPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { entries, audit, sites, failed, load } = useWatchList();
  const send = useWatchListSend();
  const [editing, setEditing] = useState<WatchListEntryWire | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WatchListEntryWire | null>(null);
  const siteName = new Map(sites.map((s) => [s.id, s.name]));
  // The language's own separators (Arabic reads "،").
  const join = (xs: string[]) => new Intl.ListFormat(lang, { type: 'unit' }).format(xs);

  async function save(body: Record<string, unknown>) {
    const entry = editing === 'new' ? null : editing;
    const res = entry
      ? await send('PUT', `/watch-list/${entry.id}`, body, t('watchList.saved'))
      : await send('POST', '/watch-list', body, t('watchList.added'));
    if (res.ok) void load();
    return res;
  }

  async function remove() {
    if (!deleting) return;
    const res = await send('DELETE', `/watch-list/${deleting.id}`, undefined, t('watchList.removed'));
    setDeleting(null);
    if (res.ok) void load();
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <PageTitle>{t('watchList.title')}</PageTitle>
        <Button onClick={() => setEditing('new')} data-testid="watch-add">
          {t('watchList.add')}
        </Button>
      </Group>
      <Text c="dimmed" size="sm" maw={720}>
        {t('watchList.intro')}
      </Text>
      <Paper withBorder radius="md" p="md">
        {failed ? (
          <Group justify="space-between">
            <Text c="dimmed">{t('watchList.loadFailed')}</Text>
            <Button variant="light" onClick={() => void load()}>
              {t('watchList.retry')}
            </Button>
          </Group>
        ) : entries && entries.length === 0 ? (
          <Text c="dimmed" data-testid="watch-empty">
            {t('watchList.empty')}
          </Text>
        ) : (
          <TableScroll minWidth={900}>
            <Table striped verticalSpacing="sm" data-testid="watch-table">
              <Table.Thead>
                <Table.Tr>
                  {(['name', 'identifiers', 'action', 'sites', 'reason', 'expires', 'added', 'actions'] as const).map(
                    (c) => (
                      <Table.Th key={c}>{t(`watchList.columns.${c}`)}</Table.Th>
                    ),
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(entries ?? []).map((e) => (
                  <Table.Tr key={e.id} data-testid="watch-row">
                    <Table.Td dir="auto" miw={160}>
                      <Text size="sm" fw={500}>
                        {e.full_name}
                      </Text>
                      {e.other_names.length ? (
                        <Text size="xs" c="dimmed">
                          {join(e.other_names)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {[e.email, e.phone].filter(Boolean).map((x) => (
                        <Text key={x} size="xs" dir="ltr" style={{ textAlign: 'start' }}>
                          {x}
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        color={e.action === 'deny' ? 'red' : 'orange'}
                        tt="none"
                        style={{ minWidth: 'max-content' }}
                      >
                        {t(`watchList.action.${e.action}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td dir="auto">
                      {e.site_ids.length
                        ? join(e.site_ids.map((id) => siteName.get(id) ?? '…'))
                        : t('watchList.allSites')}
                    </Table.Td>
                    <Table.Td dir="auto" maw={220}>
                      <Text size="xs" lineClamp={2}>
                        {e.reason}
                      </Text>
                    </Table.Td>
                    <Table.Td>{e.expires_at ? formatDateTime(e.expires_at, lang) : t('watchList.noExpiry')}</Table.Td>
                    <Table.Td dir="auto">
                      <Text size="xs">{e.added_by_name ?? ''}</Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(e.created_at, lang)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => setEditing(e)} data-testid="watch-edit">
                          {t('watchList.edit')}
                        </Button>
                        <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(e)}>
                          {t('watchList.remove')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Paper>
      <Title order={2} size="h4">
        {t('watchList.auditTitle')}
      </Title>
      <WatchListAudit audit={audit} />
      {editing ? (
        <WatchListForm
          entry={editing === 'new' ? null : editing}
          sites={sites}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      ) : null}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('watchList.removeTitle')}>
        <Stack>
          <Text dir="auto">{t('watchList.removeConfirm', { name: deleting?.full_name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('watchList.cancel')}
            </Button>
            <Button color="red" onClick={() => void remove()} data-testid="watch-remove-confirm">
              {t('watchList.remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
