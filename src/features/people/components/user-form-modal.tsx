// Create or edit a user: name, email, phone (digits, at most 20), country code, user type,
// labels, RFID, photo and the company's custom fields. The server checks everything again,
// including the photo's content and each custom-field value (the same domain check as here).
import { useEffect, useState } from 'react';
import { Button, FileInput, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { readAsDataUrl } from '../../../ui/read-file';
import { useDb } from '../../../db/db-context';
import { showFormError } from '../../../ui/form-toasts';
import { useFormDraft } from '../../../ui/form-draft';
import { personFieldProblems, valuesById } from '../../../../domain/person-custom-fields';
import type { UserItem } from '../hooks/use-users';
import { useSend } from '../hooks/use-send';
import { ResetTwoStepButton } from './reset-two-step-button';
import { ResourcesPanel } from './resources-panel';
import { useStoredUser } from '../../../api/session';
import { DocumentsPanel } from './documents-panel';
import { PersonCustomFields, useCompanyFields, type FieldValue } from './person-custom-fields';
import { ChannelChoice } from '../../../ui/channel-choice';

interface Props {
  user: UserItem | null;
  opened: boolean;
  labels: Array<{ id: string; name: string }>;
  onClose(): void;
  onSaved(): void;
}

const empty = {
  full_name: '',
  email: '',
  phone: '',
  country_code: '',
  user_type_id: '',
  labels: [] as string[],
  rfid: '',
};

export function UserFormModal({ user, opened, labels, onClose, onSaved }: Props) {
  const me = useStoredUser();
  const { t } = useTranslation();
  const db = useDb();
  const send = useSend();
  const types = useLiveQuery(() => db.userTypes.toArray(), [db]) ?? [];
  // What was typed is kept (sessionStorage) until saved or closed: an offline save is refused
  // and a reload brings the form back as it was.
  const draftKey = opened ? `user:${user?.id ?? 'new'}` : null;
  const initial = user
    ? {
        full_name: user.full_name,
        email: user.email,
        phone: user.phone ?? '',
        country_code: user.country_code ?? '',
        user_type_id: user.user_type_id ?? '',
        labels: user.labels,
        rfid: user.rfid ?? '',
      }
    : empty;
  const draft = useFormDraft(draftKey, initial);
  const form = draft.value;
  const setForm = draft.set;
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const company = useCompanyFields();
  const [loaded, setLoaded] = useState<Record<string, FieldValue>>({});
  const [values, setValues] = useState<Record<string, FieldValue>>({});

  useEffect(() => {
    if (!opened) return;
    setErrors({});
    setPhoto(null);
    setLoaded(valuesById(user?.custom_fields));
    setValues(valuesById(user?.custom_fields));
  }, [opened, user]);
  const close = () => {
    draft.clear();
    onClose();
  };

  const field = (name: keyof typeof empty) => ({
    value: form[name] as string,
    error: errors[name]?.join(' '),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [name]: e.currentTarget.value }),
  });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    // Only the values the admin changed are sent: the others (a directory may have written them
    // meanwhile) stay as the server holds them. An emptied field is sent empty, which clears it.
    const changed = company.allowed
      ? company.fields
          .filter((f) => (values[f.id] ?? '') !== (loaded[f.id] ?? ''))
          .map((f) => ({ custom_field_id: f.id, type: f.type, value: values[f.id] ?? '' }))
      : [];
    const problems = personFieldProblems(company.fields, changed);
    if (problems) {
      setErrors(Object.fromEntries(Object.entries(problems).map(([k, keys]) => [k, keys.map((key) => t(key))])));
      showFormError(t('errors.validation_failed'));
      return;
    }
    setBusy(true);
    const body = {
      ...form,
      ...(photo ? { image: await readAsDataUrl(photo) } : {}),
      ...(changed.length ? { custom_fields: changed } : {}),
    };
    const res = user
      ? await send('POST', `/users/update/${user.id}`, body, t('people.toasts.updated'))
      : await send('POST', '/users', body, t('people.toasts.created'));
    setBusy(false);
    if (res.ok) {
      onSaved();
      close();
    } else setErrors(res.errors);
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={user ? t('people.editUser') : t('people.addUser')}
      size="lg"
      data-testid="user-form"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <TextInput label={t('people.fields.fullName')} name="full_name" required {...field('full_name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('people.fields.email')} name="email" type="email" required {...field('email')} />
            <Group gap="xs" grow wrap="nowrap" align="flex-start">
              <TextInput
                label={t('people.fields.countryCode')}
                name="country_code"
                maw={110}
                {...field('country_code')}
              />
              <TextInput
                label={t('people.fields.phone')}
                name="phone"
                inputMode="numeric"
                required
                maxLength={20}
                {...field('phone')}
              />
            </Group>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('people.fields.userType')}
              name="user_type_id"
              required
              data={types.map((ty) => ({ value: ty.id, label: ty.name }))}
              value={form.user_type_id || null}
              onChange={(v) => setForm({ ...form, user_type_id: v ?? '' })}
              error={errors.user_type_id?.join(' ')}
              data-testid="user-type-select"
            />
            <TextInput label={t('people.fields.rfid')} name="rfid" {...field('rfid')} />
          </SimpleGrid>
          <MultiSelect
            label={t('people.fields.labels')}
            data={labels.map((l) => ({ value: l.id, label: l.name }))}
            value={form.labels}
            onChange={(v) => setForm({ ...form, labels: v })}
            error={errors.labels?.join(' ')}
          />
          <FileInput
            label={t('people.fields.photo')}
            description={t('people.photoRules')}
            accept="image/png,image/jpeg"
            value={photo}
            onChange={setPhoto}
            clearable
            error={errors.image?.join(' ')}
          />
          <PersonCustomFields values={values} errors={errors} onChange={(id, v) => setValues({ ...values, [id]: v })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('people.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="user-save">
              {t('people.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Two-step belongs to a dashboard login: a visitor without one is not offered it. */}
      {user?.dashboard_access ? <ResetTwoStepButton userId={user.id} /> : null}
      {/* What a person with a login may act on; never one's own (the server refuses it too). */}
      {user?.dashboard_access && user.id !== me?.data.user.id ? <ResourcesPanel userId={user.id} /> : null}
      {user ? <DocumentsPanel userId={user.id} /> : null}
      {user ? <ChannelChoice url={`/people/${user.id}/notification-channels`} /> : null}
    </Modal>
  );
}
