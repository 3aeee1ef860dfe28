// /compliances: the company's entry conditions with their current version and how many answers
// each version has; edit opens /compliance/update/:id, delete asks first and refetches.
import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ComplianceFormWire } from '../../../../domain/compliance-form';
import { textIn } from '../../../../domain/localized-text';
import { isAllowed } from '../../../../domain/permissions';
import { api } from '../../../api/client';
import { useDeviceCopy } from '../../../api/device-copy';
import { useStoredUser } from '../../../api/session';
import { useDb } from '../../../db/db-context';
import { OfflineNotice } from '../../../ui/offline-notice';
import { PageTitle } from '../../../ui/page-title';
import { useComplianceSend } from '../hooks/use-compliance-send';
import { TableScroll } from '../../../ui/table-scroll';

export function CompliancesPage() {
  const { t, i18n } = useTranslation();
  const permissions = useStoredUser()?.data.user.role.permissions ?? {};
  const send = useComplianceSend();
  const [fetched, setForms] = useState<ComplianceFormWire[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  // Until the server answers, and offline: each form's current version from the synced table,
  // with the answer counts of the last list this device loaded.
  const db = useDb();
  const copy = useDeviceCopy('compliances', fetched);
  const synced = useLiveQuery(() => db.complianceForms.toArray(), [db]);
  const counted = new Map((copy?.data ?? []).map((f) => [f.id, f.versions]));
  const local = synced
    ?.map((f): ComplianceFormWire => ({
      id: f.id,
      name: f.name,
      version: f.version,
      questions: f.questions as ComplianceFormWire['questions'],
      agreement_text: f.agreementText as ComplianceFormWire['agreement_text'],
      statement: f.statement as ComplianceFormWire['statement'],
      document_required: f.documentRequired,
      protocols: f.protocols as ComplianceFormWire['protocols'],
      accept_negative_pcr: f.acceptNegativePcr,
      pcr_valid_days: f.pcrValidDays,
      versions: counted.get(f.id) ?? [],
    }))
    .sort((a, b) => textIn(a.name, i18n.language).localeCompare(textIn(b.name, i18n.language)));
  const forms = fetched ?? local ?? null;
  const [deleting, setDeleting] = useState<ComplianceFormWire | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    void api.get<{ data: ComplianceFormWire[] }>('/compliances').then((res) => {
      setUnreachable(!res.ok && res.status === 0);
      setFailed(!res.ok && res.status !== 0);
      if (res.ok) setForms(res.data.data);
    });
  }, []);
  useEffect(load, [load]);
  const mayEdit = isAllowed(permissions, 'edit_compliance');

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    const res = await send('DELETE', `/compliances/${deleting.id}`, undefined, t('complianceBuilder.deleted'));
    setBusy(false);
    setDeleting(null);
    if (res.ok) load();
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <PageTitle>{t('complianceBuilder.listTitle')}</PageTitle>
        {isAllowed(permissions, 'create_compliance') ? (
          <Button component={Link} to="/compliance-new" data-testid="add-compliance">
            {t('complianceBuilder.add')}
          </Button>
        ) : null}
      </Group>
      <OfflineNotice force={unreachable} />
      <Paper withBorder radius="md" p="md">
        {failed ? (
          <Group justify="space-between">
            <Text c="dimmed">{t('errors.offline_config')}</Text>
            <Button variant="light" onClick={load}>
              {t('complianceBuilder.retry')}
            </Button>
          </Group>
        ) : forms && forms.length === 0 ? (
          <Text c="dimmed">{t('complianceBuilder.empty')}</Text>
        ) : (
          <TableScroll minWidth={600}>
            <Table striped verticalSpacing="sm" data-testid="compliances-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('complianceBuilder.name')}</Table.Th>
                  <Table.Th>{t('complianceBuilder.questions')}</Table.Th>
                  <Table.Th>{t('complianceBuilder.currentVersion')}</Table.Th>
                  <Table.Th>{t('complianceBuilder.answersPerVersion')}</Table.Th>
                  <Table.Th>{t('complianceBuilder.documents')}</Table.Th>
                  <Table.Th>{t('complianceBuilder.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(forms ?? []).map((f) => (
                  <Table.Tr key={f.id} data-testid="compliance-row">
                    <Table.Td fw={500} dir="auto">
                      {textIn(f.name, i18n.language)}
                    </Table.Td>
                    <Table.Td>{f.questions.length}</Table.Td>
                    <Table.Td data-testid="compliance-version">{f.version}</Table.Td>
                    <Table.Td data-testid="compliance-answers">
                      <Group gap={4}>
                        {f.versions.map((v) => (
                          <Badge
                            key={v.version}
                            tt="none"
                            variant={v.version === f.version ? 'light' : 'outline'}
                            color="gray"
                          >
                            {t('complianceBuilder.versionAnswers', { version: v.version, count: v.answers })}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {f.document_required
                        ? t('complianceBuilder.documentsRequired')
                        : t('complianceBuilder.documentsNotRequired')}
                    </Table.Td>
                    <Table.Td>
                      {mayEdit ? (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="light"
                            component={Link}
                            to={`/compliance/update/${f.id}`}
                            data-testid="edit-compliance"
                          >
                            {t('complianceBuilder.edit')}
                          </Button>
                          <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(f)}>
                            {t('complianceBuilder.delete')}
                          </Button>
                        </Group>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Paper>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('complianceBuilder.deleteTitle')}>
        <Stack>
          <Text>{t('complianceBuilder.deleteBody', { name: deleting?.name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('complianceBuilder.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void remove()} data-testid="confirm-delete">
              {t('complianceBuilder.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
