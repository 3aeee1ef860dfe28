// The documents on a user's profile (edit screen): add a vaccine or test document, switch its
// standing on or off, delete it (status DELETED). The list reads the device's synced copy until
// the server answers (offline, always): changing a document needs a connection.
import { useCallback, useEffect, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useEntityId } from '../hooks/use-users';
import { useSend } from '../hooks/use-send';
import { useLocalDocuments, type LocalDocument } from '../hooks/use-local-users';
import { DateField, displayDate } from '../../../ui/date-field';

interface Doc {
  id: string;
  type: string;
  status: string;
  vaccine_name?: string;
  pcr_result?: string;
  start_date: string | null;
  expiry_date: string | null;
  notes: string | null;
}
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const docOf = (d: LocalDocument): Doc => ({
  id: d.id,
  type: d.type,
  status: d.status,
  vaccine_name: str(d.details.vaccine_name),
  pcr_result: str(d.details.pcr_result),
  start_date: d.start_date,
  expiry_date: d.expiry_date,
  notes: str(d.details.notes) ?? null,
});
const blank = { type: '', detail: '', start_date: '', expiry_date: '', notes: '' };

export function DocumentsPanel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const send = useSend();
  const entityId = useEntityId();
  const [serverDocs, setDocs] = useState<Doc[] | null>(null);
  const local = useLocalDocuments(userId);
  const docs = serverDocs ?? (local ?? []).map(docOf);
  const [types, setTypes] = useState<string[]>([]);
  const [form, setForm] = useState(blank);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const load = useCallback(() => {
    void api.get<{ data: Doc[] }>(`/user_documents/${userId}`).then((res) => {
      if (res.ok) setDocs(res.data.data);
    });
  }, [userId]);
  useEffect(load, [load]);
  useEffect(() => {
    void api.get<{ data: Array<{ type: string }> }>(`/get_type_for_user_document/${entityId}`).then((res) => {
      if (res.ok) setTypes(res.data.data.map((d) => d.type));
    });
  }, [entityId]);

  const vaccine = form.type === 'covid_vaccine';
  async function add() {
    const body = {
      user_id: userId,
      type: form.type,
      start_date: form.start_date,
      expiry_date: form.expiry_date,
      notes: form.notes,
      [vaccine ? 'vaccine_name' : 'pcr_result']: form.detail,
    };
    const res = await send('POST', '/user_document', body, t('documents.created'));
    if (res.ok) {
      setForm(blank);
      setErrors({});
      load();
    } else setErrors(res.errors);
  }
  async function setStatus(id: string, status: string) {
    if ((await send('PUT', `/user_document/${id}`, { status }, t('documents.updated'))).ok) load();
  }
  const err = (k: string) => errors[k]?.join(' ');

  return (
    <Paper withBorder radius="md" p="md" mt="md" data-testid="documents-panel">
      <Text fw={600} mb="sm">
        {t('documents.title')}
      </Text>
      <Stack gap="xs">
        {docs.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('documents.none')}
          </Text>
        ) : null}
        {docs.map((d) => (
          <Group key={d.id} justify="space-between" wrap="nowrap" data-testid="document-row">
            <Stack gap={0}>
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  {t(`documents.types.${d.type}`)}
                </Text>
                <Badge size="xs" color={d.status === 'ACTIVE' ? 'teal' : 'gray'}>
                  {t(`documents.status.${d.status}`)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {[
                  d.vaccine_name ?? d.pcr_result,
                  d.start_date && d.expiry_date
                    ? `${displayDate(d.start_date)} – ${displayDate(d.expiry_date)}`
                    : d.expiry_date
                      ? displayDate(d.expiry_date)
                      : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Switch
                aria-label={t('documents.valid')}
                label={t('documents.valid')}
                checked={d.status === 'ACTIVE'}
                data-testid="document-toggle"
                onChange={(e) => void setStatus(d.id, e.currentTarget.checked ? 'ACTIVE' : 'INACTIVE')}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('documents.delete')}
                onClick={() => void setStatus(d.id, 'DELETED')}
                data-testid="document-delete"
              >
                ✕
              </ActionIcon>
            </Group>
          </Group>
        ))}
      </Stack>
      <Divider my="sm" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('documents.type')}
          required
          data={types.map((ty) => ({ value: ty, label: t(`documents.types.${ty}`) }))}
          value={form.type || null}
          onChange={(v) => setForm({ ...form, type: v ?? '' })}
          error={err('type')}
          data-testid="document-type"
        />
        <TextInput
          label={vaccine ? t('documents.vaccineName') : t('documents.result')}
          value={form.detail}
          data-testid="document-detail"
          onChange={(e) => setForm({ ...form, detail: e.currentTarget.value })}
          error={err('vaccine_name') ?? err('pcr_result')}
        />
        <DateField
          label={t('documents.startDate')}
          value={form.start_date}
          onChange={(v) => setForm({ ...form, start_date: v })}
          error={err('start_date')}
        />
        <DateField
          label={t('documents.expiryDate')}
          value={form.expiry_date}
          onChange={(v) => setForm({ ...form, expiry_date: v })}
          error={err('expiry_date')}
          data-testid="document-expiry"
        />
      </SimpleGrid>
      <TextInput
        mt="sm"
        label={t('documents.notes')}
        value={form.notes}
        onChange={(e) => setForm({ ...form, notes: e.currentTarget.value })}
        error={err('notes')}
      />
      <Group justify="flex-end" mt="sm">
        <Button variant="light" disabled={!form.type} onClick={() => void add()} data-testid="document-add">
          {t('documents.add')}
        </Button>
      </Group>
    </Paper>
  );
}
