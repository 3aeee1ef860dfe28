// /passport?journey=<flow> for a person with a session: the passport's side of the
// pre-registration passport variant (spec 2 §2). The built-in passport sends the person on to the
// flow's form with comingFromPassport=true, hasPassport=true, their names prefilled and their
// sealed passport id (never the plain account id: the public form stores it, and the server
// only links a visitor to a passport whose sealed id it can open). A deactivated account is
// offered reactivation first.
import { useEffect, useState } from 'react';
import { Loader } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PassportStatus } from '../../../../domain/passport';
import { passportQrOf } from '../../../../domain/passport-qr';
import { useStoredUser } from '../../../api/session';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { checkActivationStatus, reactivatePassport } from '../hooks/passport-api';
import { ReactivateModal } from './reactivate-modal';

/** The pre-registration address of the passport variant. */
export function passportVariantPath(journey: string, fullName: string, sealedId: string, addVisitor: boolean): string {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  const query = new URLSearchParams({
    comingFromPassport: 'true',
    hasPassport: 'true',
    first_name: first,
    last_name: rest.join(' '),
    passport_id: sealedId,
    // Spec 2 §2's passport_qr: the holder's passport QR, shown again on the success page.
    passport_qr: passportQrOf(sealedId),
  });
  if (addVisitor) query.set('add_visitor', 'true');
  return `/pre-registration/${encodeURIComponent(journey)}?${query.toString()}`;
}

export function PassportVariant(props: { journey: string; addVisitor: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stored = useStoredUser();
  const handleFailure = useFailureHandler();
  const [status, setStatus] = useState<PassportStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const fullName = stored?.data.user.fullName ?? '';

  const forward = (s: PassportStatus) => {
    if (!s.active || !s.visitor_passport_id) return setStatus(s);
    navigate(passportVariantPath(props.journey, fullName, s.visitor_passport_id, props.addVisitor), {
      replace: true,
    });
  };
  useEffect(() => {
    void checkActivationStatus().then((res) => (res.ok ? forward(res.data.data) : handleFailure(res)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.journey]);

  const reactivate = async () => {
    setBusy(true);
    const res = await reactivatePassport();
    setBusy(false);
    if (res.ok) forward(res.data.data);
    else handleFailure(res);
  };

  if (status && !status.active)
    return (
      <ReactivateModal
        days={status.days_since_deactivation ?? 0}
        busy={busy}
        onReactivate={() => void reactivate()}
        onCancel={props.onCancel}
      />
    );
  return <Loader aria-label={t('preregistration.forwarding')} mx="auto" display="block" />;
}
