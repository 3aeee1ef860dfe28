// The documents on a user's profile (edit screen): add a vaccine or test document with its
// certificate's file, switch its standing on or off, delete it (status DELETED). A vaccine counts
// at an entry condition only in a protocol the form accepts, a test only with the day it was
// taken (domain/vaccine-status.ts). The list reads the device's synced copy until the server
// answers (offline, always): changing a document or opening its file needs a connection.
import { useCallback, useEffect, useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Divider,
  FileInput,
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
import type { TFunction } from 'i18next';
import { COMPLIANCE_PROTOCOLS } from '../../../../domain/compliance-form';
import { DOCUMENT_FILE_MAX_CHARS } from '../../../../domain/schemas/user-documents';
import { api } from '../../../api/client';
import { fetchDocumentFile, saveBlob } from '../../../api/document-file';
import { readAsDataUrl } from '../../../ui/read-file';
import { showFormError } from '../../../ui/form-toasts';
import { useEntityId } from '../hooks/use-users';
import { useSend } from '../hooks/use-send';
import { useLocalDocuments, type LocalDocument } from '../hooks/use-local-users';
import { DateField, displayDate } from '../../../ui/date-field';

interface Doc {
  id: string;
  type: string;
  status: string;
  vaccine_name?: string;
  vaccine_protocol?: string;
  pcr_result?: string;
  pcr_date_taken?: string;
  /** Set when the document has a file (its mime type). */
  file_type?: string;
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
  vaccine_protocol: str(d.details.vaccine_protocol),
  pcr_result: str(d.details.pcr_result),
  pcr_date_taken: str(d.details.pcr_date_taken),
  file_type: str(d.details.file_type),
  start_date: d.start_date,
  expiry_date: d.expiry_date,
  notes: str(d.details.notes) ?? null,
});
const blank = {
  type: '',
  vaccine_name: '',
  vaccine_protocol: '',
  pcr_result: '',
  pcr_date_taken: '',
  start_date: '',
  expiry_date: '',
  notes: '',
};
const TEST_RESULTS = ['negative', 'positive'] as const;
const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };

/** A known value in the user's language; text written elsewhere (an older record) as it is. */
const labelOf = (t: TFunction, prefix: string, known: readonly string[], value: string | undefined) =>
  value && known.includes(value) ? t(`${prefix}.${value}`) : value;

/** Saves the document's file (fetched with the session's token) as a download. */
async function downloadFile(doc: Doc): Promise<boolean> {
  const blob = await fetchDocumentFile(doc.id);
  if (blob) saveBlob(blob, `${doc.type}-${doc.id}.${EXTENSIONS[doc.file_type ?? ''] ?? 'bin'}`);
  return blob !== null;
}

export function DocumentsPanel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const send = useSend();
  const entityId = useEntityId();
  const [serverDocs, setDocs] = useState<Doc[] | null>(null);
  const local = useLocalDocuments(userId);
  const docs = serverDocs ?? (local ?? []).map(docOf);
  const [types, setTypes] = useState<string[]>([]);
  const [form, setForm] = useState(blank);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
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
  const test = form.type !== '' && !vaccine;
  async function add() {
    setBusy(true);
    try {
      const dataUrl = file ? await readAsDataUrl(file) : '';
      // Refused here as the server would refuse it: a file far over 3 MB is not sent at all.
      if (dataUrl.length > DOCUMENT_FILE_MAX_CHARS) {
        setErrors({ file: [t('validation.document_file_too_big')] });
        return;
      }
      const body = {
        user_id: userId,
        type: form.type,
        start_date: form.start_date,
        expiry_date: form.expiry_date,
        notes: form.notes,
        ...(vaccine
          ? { vaccine_name: form.vaccine_name, vaccine_protocol: form.vaccine_protocol }
          : { pcr_result: form.pcr_result, pcr_date_taken: form.pcr_date_taken }),
        ...(dataUrl ? { file: dataUrl } : {}),
      };
      const res = await send('POST', '/user_document', body, t('documents.created'));
      if (res.ok) {
        setForm(blank);
        setFile(null);
        setErrors({});
        load();
      } else setErrors(res.errors);
    } catch {
      setErrors({ file: [t('documents.fileUnreadable')] });
    } finally {
      setBusy(false);
    }
  }
  async function openFile(doc: Doc) {
    if (!(await downloadFile(doc))) showFormError(t('documents.fileUnavailable'));
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
                  d.vaccine_name,
                  labelOf(t, 'complianceBuilder.protocol', COMPLIANCE_PROTOCOLS, d.vaccine_protocol),
                  labelOf(t, 'documents.results', TEST_RESULTS, d.pcr_result),
                  d.pcr_date_taken ? t('documents.takenOn', { date: displayDate(d.pcr_date_taken) }) : null,
                  d.start_date && d.expiry_date
                    ? `${displayDate(d.start_date)} – ${displayDate(d.expiry_date)}`
                    : d.expiry_date
                      ? displayDate(d.expiry_date)
                      : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              {d.file_type ? (
                <Anchor
                  component="button"
                  type="button"
                  size="xs"
                  ta="start"
                  onClick={() => void openFile(d)}
                  data-testid="document-file-view"
                >
                  {t('documents.viewFile')}
                </Anchor>
              ) : null}
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
        {vaccine ? (
          <>
            <TextInput
              label={t('documents.vaccineName')}
              value={form.vaccine_name}
              data-testid="document-detail"
              onChange={(e) => setForm({ ...form, vaccine_name: e.currentTarget.value })}
              error={err('vaccine_name')}
            />
            <Select
              label={t('documents.protocol')}
              description={t('documents.protocolHint')}
              data={COMPLIANCE_PROTOCOLS.map((p) => ({ value: p, label: t(`complianceBuilder.protocol.${p}`) }))}
              value={form.vaccine_protocol || null}
              onChange={(v) => setForm({ ...form, vaccine_protocol: v ?? '' })}
              error={err('vaccine_protocol')}
              clearable
              data-testid="document-protocol"
            />
          </>
        ) : null}
        {test ? (
          <>
            <Select
              label={t('documents.result')}
              data={TEST_RESULTS.map((r) => ({ value: r, label: t(`documents.results.${r}`) }))}
              value={form.pcr_result || null}
              onChange={(v) => setForm({ ...form, pcr_result: v ?? '' })}
              error={err('pcr_result')}
              clearable
              data-testid="document-result"
            />
            <DateField
              label={t('documents.dateTaken')}
              value={form.pcr_date_taken}
              onChange={(v) => setForm({ ...form, pcr_date_taken: v })}
              error={err('pcr_date_taken')}
              data-testid="document-date-taken"
            />
          </>
        ) : null}
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
      <FileInput
        mt="sm"
        label={t('documents.file')}
        description={t('documents.fileHint')}
        accept="application/pdf,image/png,image/jpeg"
        value={file}
        onChange={setFile}
        clearable
        error={err('file')}
        data-testid="document-file"
      />
      <Group justify="flex-end" mt="sm">
        <Button
          variant="light"
          disabled={!form.type}
          loading={busy}
          onClick={() => void add()}
          data-testid="document-add"
        >
          {t('documents.add')}
        </Button>
      </Group>
    </Paper>
  );
}
