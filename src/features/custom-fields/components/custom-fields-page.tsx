// /custom-fields: the company's sections with their fields (in the admin's language), editing a
// section, and deleting one with its fields after a confirmation. Needs a connection.
import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isAllowed } from '../../../../domain/permissions';
import { textIn } from '../../../../domain/localized-text';
import { BUILT_IN_PERSON_FIELDS } from '../../../../domain/kiosk-person-fields';
import { api } from '../../../api/client';
import { useStoredUser } from '../../../api/session';
import { OfflineNotice } from '../../../ui/offline-notice';
import { useLocalSections } from '../hooks/use-local-sections';
import { PageTitle } from '../../../ui/page-title';
import type { SectionItem } from '../hooks/section-draft';
import { useCustomFieldsAllowed } from '../hooks/use-plan';
import { useSend } from '../hooks/use-send';
import { PlanLock } from './plan-lock';
import { TableScroll } from '../../../ui/table-scroll';

export function CustomFieldsPage() {
  const { t, i18n } = useTranslation();
  const allowed = useCustomFieldsAllowed();
  const permissions = useStoredUser()?.data.user.role.permissions ?? {};
  const canEdit = isAllowed(permissions, 'add_custom_field_to_new_section');
  const send = useSend();
  const [loaded, setSections] = useState<SectionItem[] | null>(null);
  // The device's synced sections until the server answers, and offline.
  const local = useLocalSections();
  const sections = loaded ?? local ?? null;
  const [unreachable, setUnreachable] = useState(false);
  const [deleting, setDeleting] = useState<SectionItem | null>(null);
  const [busy, setBusy] = useState(false);
  const text = (x: SectionItem['name']) => textIn(x, i18n.language);
  // The admin's language joins a list (Arabic uses its own comma).
  const list = new Intl.ListFormat(i18n.language, { style: 'narrow', type: 'unit' });

  const load = useCallback(async () => {
    const res = await api.get<{ data: SectionItem[] }>('/section/with_custom_field');
    if (res.ok) {
      setSections(res.data.data);
      setUnreachable(false);
    } else setUnreachable(res.status === 0);
  }, []);
  useEffect(() => {
    if (allowed) void load();
  }, [allowed, load]);
  useEffect(() => {
    const back = () => void load();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [load]);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    const res = await send(
      'DELETE',
      `/section/delete_with_custom_field/${deleting.id}`,
      undefined,
      t('customFieldAdmin.deleted'),
    );
    setBusy(false);
    setDeleting(null);
    if (res.ok) await load();
  }

  if (!allowed)
    return (
      <Stack gap="md">
        <PageTitle>{t('routes.customFields')}</PageTitle>
        <PlanLock />
      </Stack>
    );
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <PageTitle>{t('routes.customFields')}</PageTitle>
        {canEdit ? (
          <Button component={Link} to="/add-custom-field" data-testid="add-section">
            {t('customFieldAdmin.addSection')}
          </Button>
        ) : null}
      </Group>
      <OfflineNotice force={unreachable} />
      <Paper withBorder radius="md" p="md" data-testid="built-in-fields">
        <Text fw={600}>{t('customFieldAdmin.builtInTitle')}</Text>
        <Text c="dimmed" size="sm" mb="xs">
          {t('customFieldAdmin.builtInHint')}
        </Text>
        <Group gap="xs">
          {BUILT_IN_PERSON_FIELDS.map((name) => (
            <Badge key={name} variant="outline" color="gray" tt="none" data-testid="built-in-field">
              {t(`kiosk.person.${name}`)}
            </Badge>
          ))}
        </Group>
      </Paper>
      {sections && sections.length === 0 ? <Text c="dimmed">{t('customFieldAdmin.empty')}</Text> : null}
      {(sections ?? []).map((s) => (
        <Paper key={s.id} withBorder radius="md" p="md" data-testid="section-card">
          <Group justify="space-between" wrap="wrap" mb="sm">
            <Group gap="xs">
              <Text fw={600} size="lg" data-testid="section-name">
                {text(s.name)}
              </Text>
              <Badge variant="light">{t('customFieldAdmin.fieldsCount', { count: s.custom_fields.length })}</Badge>
            </Group>
            {canEdit ? (
              <Group gap="xs">
                <Button
                  variant="default"
                  size="compact-md"
                  component={Link}
                  to={`/add-custom-field?section=${s.id}`}
                  data-testid="edit-section"
                >
                  {t('customFieldAdmin.edit')}
                </Button>
                <Button
                  variant="light"
                  color="red"
                  size="compact-md"
                  onClick={() => setDeleting(s)}
                  data-testid="delete-section"
                >
                  {t('customFieldAdmin.delete')}
                </Button>
              </Group>
            ) : null}
          </Group>
          <TableScroll minWidth={480}>
            <Table verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('customFieldAdmin.label')}</Table.Th>
                  <Table.Th>{t('customFieldAdmin.type')}</Table.Th>
                  <Table.Th>{t('customFieldAdmin.options')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.custom_fields.map((f) => (
                  <Table.Tr key={f.id} data-testid="field-row">
                    <Table.Td fw={500}>{text(f.name)}</Table.Td>
                    <Table.Td>{t(`customFieldAdmin.types.${f.type.replace(' ', '_')}`)}</Table.Td>
                    <Table.Td>{f.options.length ? list.format(f.options.map((o) => text(o))) : '—'}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {f.binding ? (
                          <Badge size="sm" color="red" variant="light">
                            {t('customFieldAdmin.binding')}
                          </Badge>
                        ) : null}
                        {f.printable_on_badge ? (
                          <Badge size="sm" variant="light">
                            {t('customFieldAdmin.printable')}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Paper>
      ))}
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('customFieldAdmin.deleteTitle')}
        centered
      >
        <Stack gap="md">
          <Text>{t('customFieldAdmin.deleteBody', { name: deleting ? text(deleting.name) : '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('customFieldAdmin.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void confirmDelete()} data-testid="confirm-delete">
              {t('customFieldAdmin.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
