// /online-compliance/:id? — the compliance step of a visit before arrival. The visit's link
// state decides first (compliance-link messages); the questions themselves are answered at the
// kiosk with the kiosk's compliance forms until they can be answered here.
import { useEffect, useState } from 'react';
import { Alert, Loader, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { linkExpiredPath, linkStateOf } from '../../../../domain/preregistration';
import { preApi, type VisitDetails } from '../hooks/pre-api';
import { PublicShell } from './public-shell';

export function OnlineCompliancePage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [details, setDetails] = useState<VisitDetails | null>(null);
  useEffect(() => {
    let live = true;
    void preApi.details(i18n.language, id).then((r) => {
      if (!live) return;
      if (!r.ok) { navigate(linkExpiredPath('compliance', { kind: 'failed' }), { replace: true }); return; }
      const state = linkStateOf(r.data.visitMetadata, 'compliance');
      if (state.kind === 'expired') { navigate(linkExpiredPath('compliance', state), { replace: true }); return; }
      setDetails(r.data);
    });
    return () => { live = false; };
  }, [id, i18n.language, navigate]);

  return (
    <PublicShell title={t('preregistration.complianceTitle')}>
      {!details ? <Loader aria-label={t('preregistration.loading')} /> : (
        <Alert color="teal" variant="light" data-testid="compliance-state">
          <Text>{details.validations.is_compliance_required ? t('preregistration.complianceRequired') : t('preregistration.noCompliance')}</Text>
        </Alert>
      )}
    </PublicShell>
  );
}
