// /add-custom-field (and ?section=<id> to edit): a section's name in three languages, its icon
// and its fields. Checked here with the server's own rules before sending; saving needs a
// connection, and the unsaved form is kept on this device across going offline and reloads.
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SECTION_LIMITS, sectionInput, sectionProblems } from '../../../../domain/custom-field-sections';
import { CONTENT_LANGUAGES } from '../../../../domain/localized-text';
import { parse } from '../../../../domain/validation';
import { api } from '../../../api/client';
import { NeedsConnection } from '../../../ui/needs-connection';
import { PageTitle } from '../../../ui/page-title';
import {
  clearDraft,
  draftOf,
  emptyField,
  emptySection,
  loadDraft,
  payloadOf,
  saveDraft,
  type SectionDraft,
  type SectionItem,
} from '../hooks/section-draft';
import { useCustomFieldsAllowed } from '../hooks/use-plan';
import { useSend } from '../hooks/use-send';
import { FieldEditor, IconSelect } from './field-editor';
import { LocalizedInput } from '../../../ui/localized-input';
import { PlanLock } from './plan-lock';

export function SectionEditorPage() {
  const { t } = useTranslation();
  const allowed = useCustomFieldsAllowed();
  const sectionId = useSearchParams()[0].get('section');
  const navigate = useNavigate();
  const send = useSend();
  const [kept, setKept] = useState(() => loadDraft(sectionId));
  const [draft, setDraft] = useState<SectionDraft | null>(() => kept ?? (sectionId ? null : emptySection()));
  const [unreachable, setUnreachable] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  /** A refused save always says so, even should no input show the reason. */
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    if (!sectionId || kept || !allowed) return;
    void api.get<{ data: SectionItem }>(`/sections/${sectionId}`).then((res) => {
      if (res.ok) setDraft(draftOf(res.data.data));
      else if (res.status === 404) navigate('/404');
      else setUnreachable(true);
    });
  }, [sectionId, kept, allowed, navigate]);

  if (!allowed) return <PlanLock />;
  const title = t(sectionId ? 'customFieldAdmin.editSection' : 'customFieldDrafts.newSection');
  if (!draft)
    return (
      <Stack gap="md">
        <PageTitle>{title}</PageTitle>
        {unreachable ? <NeedsConnection /> : null}
      </Stack>
    );

  const change = (next: SectionDraft) => {
    // What was wrong is shown again on the next save; a stale message beside a fixed input misleads.
    setErrors({});
    setRefused(false);
    setDraft(next);
    saveDraft(sectionId, next);
  };
  // An error for `key` itself or for one of its languages (`name.ar`).
  const errorOf = (key: string) => (errors[key] ?? CONTENT_LANGUAGES.flatMap((l) => errors[`${key}.${l}`] ?? []))[0];

  async function checkName() {
    const value = draft?.name.en?.trim() || CONTENT_LANGUAGES.map((l) => draft?.name[l]?.trim()).find(Boolean);
    if (!value || !navigator.onLine) return;
    const q = new URLSearchParams({ value, ...(sectionId ? { section_id: sectionId } : {}) });
    const res = await api.get<{ data: { unique: boolean } }>(`/sections/unique?${q}`);
    if (res.ok && !res.data.data.unique) setErrors((e) => ({ ...e, name: [t('customFieldAdmin.nameTaken')] }));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!draft) return;
    const payload = payloadOf(draft);
    const parsed = parse(sectionInput, payload);
    const local = parsed.ok ? sectionProblems(parsed.value) : parsed.errors;
    if (local) {
      setErrors(Object.fromEntries(Object.entries(local).map(([k, keys]) => [k, keys.map((m) => t(m))])));
      setRefused(true);
      return;
    }
    setBusy(true);
    const res = sectionId
      ? await send('PUT', `/section/${sectionId}`, payload, t('customFieldAdmin.updated'))
      : await send('POST', '/section', payload, t('customFieldAdmin.created'));
    setBusy(false);
    if (res.ok) {
      clearDraft(sectionId);
      navigate('/custom-fields');
    } else {
      setErrors(res.errors);
      setRefused(Object.keys(res.errors).length > 0);
    }
  }

  // A draft of an earlier, abandoned attempt can be thrown away: the form starts again as saved.
  function discard() {
    clearDraft(sectionId);
    setErrors({});
    setRefused(false);
    setKept(null);
    setDraft(sectionId ? null : emptySection());
  }

  return (
    <Stack gap="md">
      <PageTitle>{title}</PageTitle>
      {kept ? (
        <Alert color="blue" data-testid="draft-kept" role="status">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <span>{t('customFieldAdmin.draftKept')}</span>
            <Button variant="white" size="compact-sm" onClick={discard} data-testid="discard-draft">
              {t('customFieldDrafts.discard')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {refused ? (
        <Alert color="red" role="alert" data-testid="section-not-saved">
          {t('customFieldDrafts.notSaved')}
        </Alert>
      ) : null}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm">
              <LocalizedInput
                label={t('customFieldAdmin.sectionName')}
                value={draft.name}
                onChange={(name) => change({ ...draft, name })}
                onBlur={() => void checkName()}
                error={errorOf('name')}
                maxLength={SECTION_LIMITS.name}
                required
                testId="section-name"
              />
              <IconSelect
                label={t('customFieldAdmin.icon')}
                value={draft.icon}
                onChange={(icon) => change({ ...draft, icon: icon as SectionDraft['icon'] })}
                testId="section-icon"
              />
            </Stack>
          </Paper>
          <Text fw={600} size="lg">
            {t('customFieldAdmin.fields')}
          </Text>
          {draft.custom_fields.map((f, i) => (
            <FieldEditor
              key={f.key}
              index={i}
              field={f}
              errorOf={errorOf}
              onChange={(next) =>
                change({ ...draft, custom_fields: draft.custom_fields.map((g, k) => (k === i ? next : g)) })
              }
              onRemove={() => change({ ...draft, custom_fields: draft.custom_fields.filter((_, k) => k !== i) })}
            />
          ))}
          <Group justify="space-between" wrap="wrap">
            <Button
              variant="light"
              disabled={draft.custom_fields.length >= SECTION_LIMITS.fields}
              onClick={() => change({ ...draft, custom_fields: [...draft.custom_fields, emptyField()] })}
              data-testid="add-field"
            >
              {t('customFieldAdmin.addField')}
            </Button>
            <Group>
              <Button
                variant="default"
                onClick={() => {
                  clearDraft(sectionId);
                  navigate('/custom-fields');
                }}
              >
                {t('customFieldAdmin.cancel')}
              </Button>
              <Button type="submit" loading={busy} data-testid="save-section">
                {t('customFieldAdmin.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
