// /pre-registration/:id? — a journey flow's public link: the visitor registers and gets a QR.
// Query parameters from the passport (first_name, last_name, passport_id …) prefill the form.
import { startTransition, useEffect, useState } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isPhotoRequired } from '../../../../domain/preregistration';
import { preApi, QR_KEY, type CustomFieldSection, type Flags, type PreUserType } from '../hooks/pre-api';
import { toFormData, useSubmitVisit } from '../hooks/use-submit-visit';
import { PublicShell } from './public-shell';
import { FormAlert } from './form-alert';
import type { VisitFormValues } from './visit-form';

// The form (its inputs, select, date and photo controls: the page's heaviest code) loads after
// the first paint, beside the flow's settings: the visitor sees the page's title and introduction
// from the first chunks, and the form's code does not delay them.
let formModule: Promise<typeof import('./visit-form')> | undefined;
const loadForm = () =>
  (formModule ??= import('./visit-form').catch((error: unknown) => {
    formModule = undefined; // the next visit of the page tries again
    throw error;
  }));
/** After the next frame has painted (a timeout queued from an animation frame runs after it); a
 * hidden tab paints no frame, so half a second at most. */
const afterPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 500);
  });

interface Loaded {
  /** The form's component, loaded beside the flow's settings: rendered in one commit with them. */
  VisitForm: (typeof import('./visit-form'))['VisitForm'];
  flags: Flags;
  types: PreUserType[];
  sections: CustomFieldSection[];
}

export function PreRegistrationPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const lang = i18n.language;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const submit = useSubmitVisit();

  useEffect(() => {
    let live = true;
    void Promise.all([
      preApi.flags(lang, id),
      preApi.userTypes(lang, id),
      preApi.customFields(lang, id),
      afterPaint().then(loadForm),
    ]).then(
      ([f, u, c, form]) => {
        if (!live) return;
        if (!f.ok || !u.ok) {
          setFailed(true);
          return;
        }
        // A transition: React renders the form in slices, yielding between them, so a phone's main
        // thread is not blocked for the whole form at once.
        startTransition(() =>
          setLoaded({ VisitForm: form.VisitForm, flags: f.data, types: u.data, sections: c.ok ? c.data : [] }),
        );
      },
      // The form's code could not load (offline without it cached): the page cannot take the visit.
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id, lang]);

  async function onSubmit(v: VisitFormValues, photo: File | null) {
    // Spec 2 §4 "Different user type": someone already known keeps their type if it cannot change.
    const known = await preApi.validateUserType(lang, id, v.email);
    if (known.ok && known.data.user_exists && known.data.user_type && !known.data.can_change_user_type) {
      submit.setProblem({ message: t('errors.not_allowed_to_register') });
      return;
    }
    const userTypeId = known.ok && known.data.user_type ? known.data.user_type.id : v.user_type_id;
    const flags = loaded!.flags;
    const answer = await submit.send(() =>
      preApi.create(
        lang,
        toFormData({ ...v, user_type_id: userTypeId }, photo, {
          journey_id: id,
          passport_id: params.get('passport_id') ?? '',
          image_mandatory: String(flags.is_image_required),
          is_qr_included: String(flags.is_qr_included),
          is_compliance_required: String(flags.is_compliance_required),
          is_face_id_included: String(flags.is_face_id_included),
          is_rfid_included: String(flags.is_rfid_included),
          is_using_kiosk_screen: String(flags.is_using_kiosk_screen),
          enable_switch_usertype: '0',
        }),
      ),
    );
    if (!answer) return;
    sessionStorage.setItem(QR_KEY, JSON.stringify(answer));
    const passport = params.get('comingFromPassport') === 'true' ? '&comingFromPassport=true' : '';
    // The passport variant's passport QR (spec 2 §3 "passport QR url") goes on to the success page.
    const passportQr = passport && params.get('passport_qr');
    const qrParam = passportQr ? `&passport_qr=${encodeURIComponent(passportQr)}` : '';
    navigate(`/pre-registration/${id}/success?add_visitor=true${passport}${qrParam}`, { state: answer });
  }

  if (failed)
    return (
      <PublicShell title={t('preregistration.title')}>
        <FormAlert message={t('errors.registration_unavailable')} />
      </PublicShell>
    );
  // The introduction shows while the flow's settings load: the visitor reads what this page is
  // at the first paint, not after three requests (it is the page's largest text, its LCP).
  if (!loaded)
    return (
      <PublicShell title={t('preregistration.title')}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('preregistration.intro')}
          </Text>
          <Loader aria-label={t('preregistration.loading')} />
        </Stack>
      </PublicShell>
    );
  const open = loaded.types.filter((x) => x.can_register);
  return (
    <PublicShell title={t('preregistration.title')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('preregistration.intro')}
        </Text>
        {submit.problem ? <FormAlert title={submit.problem.title} message={submit.problem.message} /> : null}
        {open.length === 0 ? (
          <FormAlert message={t('errors.registration_unavailable')} />
        ) : (
          <loaded.VisitForm
            mode="create"
            flowId={id}
            userTypes={open}
            sections={loaded.sections}
            photoRequired={isPhotoRequired(loaded.flags, null)}
            busy={submit.busy}
            fieldErrors={submit.fieldErrors}
            onSubmit={(v, p) => void onSubmit(v, p)}
            initial={{ first_name: params.get('first_name') ?? '', last_name: params.get('last_name') ?? '' }}
          />
        )}
      </Stack>
    </PublicShell>
  );
}
