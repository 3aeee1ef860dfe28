// Spec 1 §2 layout: "A reactivation modal opens when the passport account is inactive." The
// layout checks the account once when it opens (a login, a reload), so a person who deactivated
// their passport meets 'Reactivate My Passport Account' wherever they land; /passport shows its
// own copy of the modal and re-checks on every visit, so the gate stays out of its way there.
// A failed check (offline, two-step enrolment pending) shows nothing: the modal is an offer.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { checkActivationStatus, reactivatePassport } from '../hooks/passport-api';
import { ReactivateModal } from './reactivate-modal';

export function PassportGate() {
  const { pathname } = useLocation();
  const handleFailure = useFailureHandler();
  const [days, setDays] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Opened on /passport: that page checks (and offers reactivation) itself.
    if (window.location.pathname.startsWith('/passport')) return;
    let live = true;
    void checkActivationStatus().then((res) => {
      if (live && res.ok && !res.data.data.active) setDays(res.data.data.days_since_deactivation ?? 0);
    });
    return () => {
      live = false;
    };
  }, []);

  if (days === null || pathname.startsWith('/passport')) return null;
  const reactivate = async () => {
    setBusy(true);
    const res = await reactivatePassport();
    setBusy(false);
    if (!res.ok) return handleFailure(res);
    setDays(null);
  };
  return (
    <ReactivateModal days={days} busy={busy} onReactivate={() => void reactivate()} onCancel={() => setDays(null)} />
  );
}
