// Sends the form as multipart (with the photo) and turns failures into what the form shows:
// field messages and a toast (400, DESIGN ruling 1), the visit-exists title and message
// (spec 2 §4), or the catalogue sentence for a refusal.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../domain/errors';
import { formatVisitTime } from '../../../../domain/preregistration';
import type { HttpResult } from '../../../api/http';
import { clearFormError, showFormError } from '../../../ui/form-toasts';
import type { QrAnswer } from './pre-api';
import type { VisitFormValues } from '../components/visit-form';

export interface FormProblem {
  title?: string;
  message: string;
}

export function useSubmitVisit() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<FormProblem | null>(null);

  async function send(call: () => Promise<HttpResult<QrAnswer>>): Promise<QrAnswer | null> {
    setBusy(true);
    setProblem(null);
    const r = await call();
    setBusy(false);
    if (r.ok) {
      clearFormError();
      setFieldErrors({});
      return r.data;
    }
    if (r.status === 0) {
      setProblem({ message: t('preregistration.offline') });
      return null;
    }
    const body = r.body as
      { message?: string; data?: { title?: string; message?: string }; errors?: Record<string, string[]> } | undefined;
    if (body?.message === 'error_date') {
      setProblem({ title: body.data?.title, message: body.data?.message ?? t('errors.visit_exists') });
      return null;
    }
    setFieldErrors(body?.errors ?? {});
    const message = messageOf(body) ?? t('errors.generic');
    showFormError(message);
    setProblem({ message });
    return null;
  }
  return { busy, fieldErrors, problem, setProblem, send };
}

/** The form's values as the multipart body the spec lists (time as HH:mm:ss). */
export function toFormData(v: VisitFormValues, photo: File | null, extra: Record<string, string>): FormData {
  const fd = new FormData();
  const [h = '0', m = '0'] = v.visit_time.split(':');
  const fields: Record<string, string> = {
    first_name: v.first_name,
    last_name: v.last_name,
    company_name: v.company_name,
    email: v.email,
    phone: v.phone,
    country_code: v.country_code,
    visit_date: v.visit_date,
    visit_time: formatVisitTime({ hour: Number(h), minute: Number(m) }),
    tz_offset: String(new Date().getTimezoneOffset()),
    user_type_id: v.user_type_id,
    host: v.host,
    custom_fields: JSON.stringify(Object.entries(v.custom).map(([id, value]) => ({ custom_field_id: id, value }))),
    ...extra,
  };
  for (const [k, value] of Object.entries(fields)) fd.append(k, value);
  if (photo) fd.append('image', photo, photo.name);
  return fd;
}
