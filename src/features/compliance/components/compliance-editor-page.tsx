// /compliance-new and /compliance/update/:id. Offline the page says it needs a connection and
// keeps the unsaved form (hooks/use-form-draft.ts). Saving a form that already has answers makes
// a new version; the page says so before and after.
import { useEffect, useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { ComplianceFormWire } from '../../../../domain/compliance-form';
import { api } from '../../../api/client';
import { useOnline } from '../../../sync/sync-context';
import { PageLoader } from '../../../ui/page-loader';
import { OfflineNotice } from '../../../ui/offline-notice';
import { PageTitle } from '../../../ui/page-title';
import { draftOf, emptyDraft, payloadOf, type FormDraft } from '../hooks/form-model';
import { useComplianceSend } from '../hooks/use-compliance-send';
import { useFormDraft } from '../hooks/use-form-draft';
import { ComplianceForm } from './compliance-form';

export function NewCompliancePage() {
  return <Editor id={undefined} initial={emptyDraft()} form={null} />;
}

export function UpdateCompliancePage() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const [form, setForm] = useState<ComplianceFormWire | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    void api.get<{ data: ComplianceFormWire }>(`/compliances/${id}`).then((res) => {
      if (res.ok) setForm(res.data.data);
      else if (res.status === 404) setMissing(true);
    });
  }, [id]);
  if (missing) return <Alert color="red">{t('complianceBuilder.notFound')}</Alert>;
  return <Editor id={id} initial={form ? draftOf(form) : null} form={form} />;
}

function Editor({
  id,
  initial,
  form,
}: {
  id: string | undefined;
  initial: FormDraft | null;
  form: ComplianceFormWire | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const send = useComplianceSend();
  const { draft, set, restored, clear } = useFormDraft(id, initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const current = form?.versions[0];
  // A field's server message goes once that field is changed; the others stay until the next save.
  const change = (update: (d: FormDraft) => FormDraft, field: string) => {
    set(update);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== field && !k.startsWith(`${field}.`))));
  };

  async function submit() {
    if (!draft) return;
    setBusy(true);
    const res = await send<ComplianceFormWire>(
      id ? 'PUT' : 'POST',
      id ? `/compliances/${id}` : '/compliances',
      payloadOf(draft),
      id ? t('complianceBuilder.updated') : t('complianceBuilder.created'),
    );
    setBusy(false);
    if (!res.ok) return setErrors(res.errors);
    clear();
    if (form && res.data.version > form.version)
      notifications.show({ color: 'blue', message: t('complianceBuilder.newVersion', { version: res.data.version }) });
    navigate('/compliances');
  }

  return (
    <Stack gap="md" maw={1100}>
      <PageTitle>{id ? t('complianceBuilder.editTitle') : t('complianceBuilder.newTitle')}</PageTitle>
      <OfflineNotice testId="compliance-offline" />
      {restored ? (
        <Text size="sm" c="dimmed" data-testid="draft-restored">
          {t('complianceBuilder.draftRestored')}
        </Text>
      ) : null}
      {form && current && current.answers > 0 ? (
        <Alert color="blue" data-testid="version-note">
          {t('complianceBuilder.versionNote', {
            count: current.answers,
            version: current.version,
            next: current.version + 1,
          })}
        </Alert>
      ) : null}
      {draft ? (
        <ComplianceForm
          draft={draft}
          set={change}
          errors={errors}
          busy={busy}
          onSubmit={() => void submit()}
          onCancel={() => {
            clear();
            navigate('/compliances');
          }}
        />
      ) : online ? (
        <PageLoader />
      ) : null}
    </Stack>
  );
}
