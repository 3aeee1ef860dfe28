// /c/:visitUrl/:code? — the invitation link (spec 2 §2): with a code, load the visit and let the
// visitor confirm; a passport holder logs in on the passport host; without a code → compliance.
import { useEffect, useState } from 'react';
import { Loader, Stack } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isPhotoRequired, linkExpiredPath, linkStateOf } from '../../../../domain/preregistration';
import { preApi, QR_KEY, type VisitDetails } from '../hooks/pre-api';
import { useSubmitVisit } from '../hooks/use-submit-visit';
import { PublicShell } from './public-shell';
import { FormAlert, VisitForm, type VisitFormValues } from './visit-form';

export function VisitLinkPage() {
  const { t, i18n } = useTranslation();
  const { visitUrl = '', code } = useParams();
  const navigate = useNavigate();
  const [details, setDetails] = useState<VisitDetails | null>(null);
  const submit = useSubmitVisit();

  useEffect(() => {
    if (!code) return;
    let live = true;
    void preApi.details(i18n.language, visitUrl, code).then((r) => {
      if (!live) return;
      if (!r.ok || !r.data.user) {
        navigate(linkExpiredPath('preregistration', { kind: 'failed' }), { replace: true });
        return;
      }
      const state = linkStateOf(r.data.visitMetadata, 'preregistration');
      const passport = Boolean(r.data.user.passport_id);
      if (state.kind !== 'open') {
        navigate(linkExpiredPath('preregistration', state, passport), { replace: true });
        return;
      }
      if (passport) {
        window.location.assign(
          `${r.data.serverUrl}/login-one-time?visit_url=${encodeURIComponent(visitUrl)}&code=${encodeURIComponent(code)}`,
        );
        return;
      }
      setDetails(r.data);
    });
    return () => {
      live = false;
    };
  }, [visitUrl, code, i18n.language, navigate]);

  if (!code) return <Navigate to={`/online-compliance/${visitUrl}`} replace />;

  async function onSubmit(v: VisitFormValues, photo: File | null) {
    const fd = new FormData();
    fd.append('visit_url', visitUrl);
    fd.append('code', code!);
    fd.append(
      'user',
      JSON.stringify({
        first_name: v.first_name,
        last_name: v.last_name,
        email: v.email,
        phone: v.phone,
        company_name: v.company_name,
      }),
    );
    fd.append(
      'custom_fields',
      JSON.stringify(Object.entries(v.custom).map(([id, value]) => ({ custom_field_id: id, value }))),
    );
    if (photo) fd.append('image', photo, photo.name);
    const answer = await submit.send(() => preApi.confirm(i18n.language, fd));
    if (!answer) return;
    sessionStorage.setItem(QR_KEY, JSON.stringify(answer));
    navigate(`/pre-registration/${answer.journey_id ?? details?.journey_id ?? ''}/success?add_visitor=true`, {
      state: answer,
    });
  }

  if (!details?.user)
    return (
      <PublicShell title={t('preregistration.confirmTitle')}>
        <Loader aria-label={t('preregistration.loading')} />
      </PublicShell>
    );
  const u = details.user;
  return (
    <PublicShell title={t('preregistration.confirmTitle')}>
      <Stack gap="md">
        {submit.problem ? <FormAlert title={submit.problem.title} message={submit.problem.message} /> : null}
        <VisitForm
          mode="confirm"
          flowId={details.journey_id ?? ''}
          sections={[]}
          busy={submit.busy}
          fieldErrors={submit.fieldErrors}
          photoRequired={isPhotoRequired(details.validations, u.image)}
          onSubmit={(v, p) => void onSubmit(v, p)}
          initial={{
            first_name: u.first_name,
            last_name: u.last_name,
            email: u.email,
            phone: u.phone ?? '',
            company_name: u.company_name ?? '',
            visit_date: details.visit_date,
            visit_time: details.visit_time,
          }}
        />
      </Stack>
    </PublicShell>
  );
}
