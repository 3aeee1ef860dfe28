// /add-user-type: name (required, unique), registration method (required), visit grace
// period (at least 30 minutes), profile photo and parent. After creating: /user-types.
import { useState } from 'react';
import { Button, Group, NumberInput, Paper, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { GRACE_PERIOD_MIN_MINUTES } from '../../../../domain/constants';
import { REGISTRATION_METHODS } from '../../../../domain/schemas/people';
import { useDb } from '../../../db/db-context';
import { useFormDraft } from '../../../ui/form-draft';
import { PageTitle } from '../../../ui/page-title';
import { useSend } from '../hooks/use-send';

export function AddUserTypePage() {
  const { t } = useTranslation();
  const db = useDb();
  const send = useSend();
  const navigate = useNavigate();
  const types = useLiveQuery(() => db.userTypes.toArray(), [db]) ?? [];
  // Kept across a reload until saved or cancelled: an offline save loses nothing.
  const draft = useFormDraft('add-user-type', {
    name: '',
    method: null as string | null,
    grace: GRACE_PERIOD_MIN_MINUTES as number | string,
    photo: false,
    parent: null as string | null,
  });
  const { name, method, grace, photo, parent } = draft.value;
  const setName = (v: string) => draft.set({ ...draft.value, name: v });
  const setMethod = (v: string | null) => draft.set({ ...draft.value, method: v });
  const setGrace = (v: number | string) => draft.set({ ...draft.value, grace: v });
  const setPhoto = (v: boolean) => draft.set({ ...draft.value, photo: v });
  const setParent = (v: string | null) => draft.set({ ...draft.value, parent: v });
  const leave = () => {
    draft.clear();
    navigate('/user-types');
  };
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await send(
      'POST',
      '/user-types',
      {
        name,
        registration_method: method ?? '',
        grace_period: grace === '' ? '' : Number(grace),
        profile_photo: photo,
        parent_id: parent,
      },
      t('userTypes.created'),
    );
    setBusy(false);
    if (res.ok) leave();
    else setErrors(res.errors);
  }

  return (
    <Stack gap="md">
      <PageTitle>{t('routes.addUserType')}</PageTitle>
      <Paper withBorder radius="md" p="lg" maw={560}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('userTypes.name')}
              name="name"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name?.[0]}
            />
            <Select
              label={t('userTypes.method')}
              name="registration_method"
              required
              value={method}
              onChange={setMethod}
              error={errors.registration_method?.[0]}
              data={REGISTRATION_METHODS.map((m) => ({ value: m, label: t(`userTypes.methods.${m}`) }))}
              data-testid="registration-method"
            />
            <NumberInput
              label={t('userTypes.grace')}
              description={t('userTypes.graceHint')}
              name="grace_period"
              required
              min={GRACE_PERIOD_MIN_MINUTES}
              // Not clamped: 20 would silently become 30; the schema's message says what is allowed.
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              value={grace}
              onChange={setGrace}
              error={errors.grace_period?.[0]}
            />
            <Select
              label={t('userTypes.parent')}
              value={parent}
              onChange={setParent}
              clearable
              data={types.map((ty) => ({ value: ty.id, label: ty.name }))}
            />
            <Switch
              label={t('userTypes.photoRequired')}
              checked={photo}
              onChange={(e) => setPhoto(e.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={leave}>
                {t('people.cancel')}
              </Button>
              <Button type="submit" loading={busy} data-testid="save-user-type">
                {t('people.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
