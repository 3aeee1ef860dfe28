// The visitor's form, shared by self-registration (/pre-registration/:id) and confirming an
// invitation (/c/:visitUrl/:code). Checks what it can in the browser; the server re-checks all.
import { useState, type FormEvent } from 'react';
import { Button, FileInput, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../domain/date-format';
import { isVisitInPast, visitInstant } from '../../../../domain/preregistration';
import { DateField } from '../../../ui/date-field';
import { TimeField } from '../../../ui/time-field';
import { usePhoto } from '../hooks/use-photo';
import type { CustomFieldSection, PreUserType } from '../hooks/pre-api';
import { CustomFieldInput } from './custom-field-input';
import { HostSearch } from './host-search';

export { FormAlert } from './form-alert';

export interface VisitFormValues {
  user_type_id: string;
  first_name: string;
  last_name: string;
  company_name: string;
  email: string;
  country_code: string;
  phone: string;
  visit_date: string;
  visit_time: string;
  host: string;
  custom: Record<string, string>;
}

interface Props {
  mode: 'create' | 'confirm';
  flowId: string;
  initial: Partial<VisitFormValues>;
  userTypes?: PreUserType[];
  sections: CustomFieldSection[];
  photoRequired: boolean;
  busy: boolean;
  fieldErrors: Record<string, string[]>;
  onSubmit(values: VisitFormValues, photo: File | null): void;
}

export function VisitForm({
  mode,
  flowId,
  initial,
  userTypes = [],
  sections,
  photoRequired,
  busy,
  fieldErrors,
  onSubmit,
}: Props) {
  const { t, i18n } = useTranslation();
  const { photo, choose } = usePhoto();
  const [v, setV] = useState<VisitFormValues>({
    user_type_id: userTypes[0]?.id ?? '',
    first_name: '',
    last_name: '',
    company_name: '',
    email: '',
    country_code: '',
    phone: '',
    visit_date: '',
    visit_time: '',
    host: '',
    custom: {},
    ...initial,
  });
  const [pastError, setPastError] = useState(false);
  const [photoMissing, setPhotoMissing] = useState(false);
  const [missing, setMissing] = useState<string[]>([]);
  const put = (key: keyof VisitFormValues, value: string) => {
    setV((old) => ({ ...old, [key]: value }));
    setMissing((old) => old.filter((k) => k !== key));
  };
  const set = (key: keyof VisitFormValues) => (e: { currentTarget: { value: string } }) =>
    put(key, e.currentTarget.value);
  // One message per field: the browser's own "required" first, then the server's first word on it.
  const err = (field: string) => (missing.includes(field) ? t('validation.required') : fieldErrors[field]?.[0]);

  function submit(e: FormEvent) {
    e.preventDefault();
    // Every empty required field says so at once, before any date rule.
    const empty = requiredFields(mode).filter((k) => !v[k].trim());
    setMissing(empty);
    if (empty.length) {
      setPastError(false);
      setPhotoMissing(photoRequired && !photo.file);
      return;
    }
    if (mode === 'create') {
      const at = visitInstant(v.visit_date, v.visit_time, new Date().getTimezoneOffset());
      if (at === null || isVisitInPast(at, Date.now())) {
        setPastError(true);
        return;
      }
    }
    setPastError(false);
    setPhotoMissing(photoRequired && !photo.file);
    if (photo.problems.length || (photoRequired && !photo.file)) return;
    onSubmit(v, photo.file);
  }

  const photoMessage = photo.problems.length
    ? photo.problems.map((p) => t(`errors.${p}`)).join(' ')
    : photoMissing && !photo.file
      ? t('errors.photo_required')
      : err('image');

  return (
    <form onSubmit={submit} noValidate data-testid="visit-form">
      <Stack gap="sm">
        {mode === 'create' && userTypes.length > 1 ? (
          <Select
            label={t('preregistration.userType')}
            data={userTypes.filter((u) => u.can_register).map((u) => ({ value: u.id, label: u.name }))}
            value={v.user_type_id}
            onChange={(x) => setV((o) => ({ ...o, user_type_id: x ?? o.user_type_id }))}
            allowDeselect={false}
          />
        ) : null}
        <Group grow wrap="nowrap" align="flex-start">
          <TextInput
            name="first_name"
            label={t('preregistration.firstName')}
            required
            value={v.first_name}
            onChange={set('first_name')}
            error={err('first_name') ?? err('user.first_name')}
            autoComplete="given-name"
          />
          <TextInput
            name="last_name"
            label={t('preregistration.lastName')}
            required
            value={v.last_name}
            onChange={set('last_name')}
            error={err('last_name') ?? err('user.last_name')}
            autoComplete="family-name"
          />
        </Group>
        <TextInput
          name="company_name"
          label={t('preregistration.companyName')}
          value={v.company_name}
          onChange={set('company_name')}
          autoComplete="organization"
        />
        <TextInput
          name="email"
          type="email"
          label={t('preregistration.email')}
          required
          value={v.email}
          onChange={set('email')}
          error={err('email') ?? err('user.email')}
          autoComplete="email"
          readOnly={mode === 'confirm'}
          dir="ltr"
        />
        <Group wrap="nowrap" align="flex-start">
          <TextInput
            name="country_code"
            label={t('preregistration.countryCode')}
            w={110}
            value={v.country_code}
            onChange={set('country_code')}
            placeholder="+44"
            dir="ltr"
            inputMode="tel"
          />
          <TextInput
            name="phone"
            label={t('preregistration.phone')}
            required
            style={{ flex: 1 }}
            value={v.phone}
            onChange={set('phone')}
            error={err('phone') ?? err('user.phone')}
            inputMode="numeric"
            dir="ltr"
          />
        </Group>
        {mode === 'create' ? (
          <Group grow wrap="nowrap" align="flex-start">
            <DateField
              name="visit_date"
              label={t('preregistration.visitDate')}
              required
              value={v.visit_date}
              onChange={(date) => put('visit_date', date)}
              error={pastError ? t('errors.visit_in_past') : err('visit_date')}
              data-testid="visit-date"
            />
            <TimeField
              name="visit_time"
              label={t('preregistration.visitTime')}
              required
              value={v.visit_time}
              onChange={(time) => put('visit_time', time)}
              error={err('visit_time')}
            />
          </Group>
        ) : (
          <Text size="sm" data-testid="visit-when">
            {t('preregistration.visitAt', {
              when: formatDateTime(`${v.visit_date}T${v.visit_time.slice(0, 5)}`, i18n.language),
            })}
          </Text>
        )}
        {mode === 'create' ? <HostSearch flowId={flowId} onChange={(id) => setV((o) => ({ ...o, host: id }))} /> : null}
        {sections.map((s) => (
          <Stack key={s.name} gap="xs">
            <Text fw={600} size="sm">
              {s.name || t('preregistration.customFields')}
            </Text>
            {s.custom_fields.map((f) => (
              <CustomFieldInput
                key={f.id}
                field={f}
                value={v.custom[f.id] ?? ''}
                onChange={(value) => setV((o) => ({ ...o, custom: { ...o.custom, [f.id]: value } }))}
              />
            ))}
          </Stack>
        ))}
        <FileInput
          label={t('preregistration.photo')}
          required={photoRequired}
          description={t('preregistration.photoHint')}
          placeholder={t('preregistration.photoPlaceholder')}
          error={photoMessage}
          accept="image/png,image/jpeg"
          clearable
          clearButtonProps={{ 'aria-label': t('preregistration.photoClear') }}
          value={photo.file}
          onChange={(file) => void choose(file)}
          fileInputProps={{ id: 'visitor-photo', name: 'image' }}
          data-testid="visitor-photo-button"
        />
        {photo.file && !photo.problems.length ? (
          <Text size="xs" c="dimmed">
            {t('preregistration.photoChosen', { width: photo.width, height: photo.height })}
          </Text>
        ) : null}
        <Button type="submit" size="md" loading={busy} data-testid="visit-submit">
          {mode === 'create' ? t('preregistration.submit') : t('preregistration.confirm')}
        </Button>
      </Stack>
    </form>
  );
}

const REQUIRED = ['first_name', 'last_name', 'email', 'phone'] as const;
function requiredFields(mode: Props['mode']): Array<(typeof REQUIRED)[number] | 'visit_date' | 'visit_time'> {
  return mode === 'create' ? [...REQUIRED, 'visit_date', 'visit_time'] : [...REQUIRED];
}
