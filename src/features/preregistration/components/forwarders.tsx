// Small public routes of spec 2 §2: /e/:id? (pre-registration with add_visitor) and
// /login-one-time (forwards its query to the passport login; PASSPORT_URL defaults here).
import { useEffect } from 'react';
import { Loader } from '@mantine/core';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PASSPORT_ROOT } from '../../../api/http-effects';
import { PublicShell } from './public-shell';

export function ExpectedLinkPage() {
  const { id } = useParams();
  return <Navigate to={`/pre-registration${id ? `/${id}` : ''}?add_visitor=true`} replace />;
}

export function LoginOneTimePage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  useEffect(() => {
    window.location.replace(`${PASSPORT_ROOT}passport${search}`);
  }, [search]);
  return (
    <PublicShell title={t('preregistration.forwarding')}>
      <Loader aria-label={t('preregistration.forwarding')} />
    </PublicShell>
  );
}
