// /passport: the person's passport account (DESIGN ruling 12: built into this server). Every
// visit, including a click on the side menu's "Passport account", re-checks the activation: a
// deactivated account gets the 'Reactivate My Passport Account' modal first. Without a session
// the page leads to login, keeping the journey / add_visitor parameters (spec 1 §2).
import { useEffect, useState } from 'react';
import { Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PassportAccountView, PassportStatus } from '../../../../domain/passport';
import { useStoredUser } from '../../../api/session';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { homeFor } from '../../../../domain/guards';
import { PageLoader } from '../../../ui/page-loader';
import { PageTitle } from '../../../ui/page-title';
import { checkActivationStatus, deactivatePassport, passportAccount, reactivatePassport } from '../hooks/passport-api';
import { AccountPanel } from './account-panel';
import { PassportQrCard } from './passport-qr-card';
import { PassportVariant } from './passport-variant';
import { ReactivateModal } from './reactivate-modal';

export function PassportPage() {
  const { t } = useTranslation();
  const stored = useStoredUser();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const forwarded = ['journey', 'add_visitor'].filter((key) => params.has(key));
  const journey = params.get('journey');
  // Spec 2 §4: 'Security Policy Updated' sends here with force_otp=1; two-step lives on /two-step.
  if (stored && params.get('force_otp') === '1') return <Navigate to="/two-step?force_otp=1" replace />;
  // The pre-registration passport variant: the journey's form, as this passport's holder.
  if (stored && journey)
    return (
      <PassportVariant
        journey={journey}
        addVisitor={params.get('add_visitor') === 'true'}
        onCancel={() => navigate('/passport', { replace: true })}
      />
    );
  if (stored) return <OwnPassport />;

  const search = forwarded.length
    ? `?${forwarded.map((k) => `${k}=${encodeURIComponent(params.get(k) ?? '')}`).join('&')}`
    : '';
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="md">
        <PageTitle>{t('routes.passport')}</PageTitle>
        <Paper withBorder radius="md" p="lg" data-testid="passport-info">
          <Stack gap="sm">
            <Text>{t('passportAccount.loginFirst')}</Text>
            <Group>
              <Button component={Link} to={`/login${search}`} size="md">
                {t('errorPages.toLogin')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}

function OwnPassport() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const stored = useStoredUser();
  const handleFailure = useFailureHandler();
  const [status, setStatus] = useState<PassportStatus | null>(null);
  const [account, setAccount] = useState<PassportAccountView | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async () => {
    const res = await checkActivationStatus();
    // Spec 1 §2: a failed passport check goes to login (this origin is the passport host).
    if (!res.ok) return res.status === 401 ? navigate('/login', { replace: true }) : handleFailure(res);
    setStatus(res.data.data);
    if (!res.data.data.active) return setAccount(null);
    const view = await passportAccount();
    if (view.ok) setAccount(view.data.data);
    else handleFailure(view);
  };
  // location.key changes on every navigation, so the side menu entry re-checks even on /passport.
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  const reactivate = async () => {
    setBusy(true);
    const res = await reactivatePassport();
    setBusy(false);
    if (!res.ok) return handleFailure(res);
    await load();
  };
  const deactivate = async () => {
    const res = await deactivatePassport();
    if (!res.ok) {
      handleFailure(res);
      return;
    }
    setAccount(null);
    setStatus(res.data.data);
  };

  return (
    <Container size="sm" p={0}>
      <Stack gap="md">
        <PageTitle>{t('routes.passport')}</PageTitle>
        {!status ? <PageLoader /> : null}
        {status && !status.active ? (
          <>
            <Paper withBorder radius="md" p="lg" data-testid="passport-deactivated">
              <Text>{t('passportAccount.deactivatedNote')}</Text>
            </Paper>
            <ReactivateModal
              days={status.days_since_deactivation ?? 0}
              busy={busy}
              onReactivate={() => void reactivate()}
              onCancel={() => navigate(stored ? homeFor(stored.data.user.entity.package) : '/login')}
            />
          </>
        ) : null}
        {account && status?.visitor_passport_id ? <PassportQrCard sealedId={status.visitor_passport_id} /> : null}
        {account ? <AccountPanel account={account} onAccount={setAccount} onDeactivate={deactivate} /> : null}
        <Group>
          <Button component={Link} to="/two-step" variant="default" size="md" data-testid="passport-two-step">
            {t('routes.twoStep')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
