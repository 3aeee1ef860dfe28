// /online-compliance/:id? — the visit's compliance form, answered on a phone before arrival
// (no login: the visit's random url is the key). The link state decides first (the compliance
// link's expiry words); a pass within the form's frequency means the kiosk will not ask again.
import { useEffect, useState } from 'react';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ComplianceAnswerItem } from '../../../../domain/compliance';
import { messageOf } from '../../../../domain/errors';
import { linkExpiredPath, linkStateOf } from '../../../../domain/preregistration';
import { preApi, type OnlineCompliance, type OnlineComplianceResult } from '../hooks/pre-api';
import { OnlineCertificateCard } from './online-certificate-card';
import { OnlineComplianceForm } from './online-compliance-form';
import { PublicShell } from './public-shell';

const OUTCOME_COLOR = { passed: 'teal', wrong_explained: 'yellow', failed: 'red' } as const;

export function OnlineCompliancePage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [state, setState] = useState<OnlineCompliance | null>(null);
  const [result, setResult] = useState<OnlineComplianceResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void preApi.onlineCompliance(i18n.language, id).then((r) => {
      if (!live) return;
      if (!r.ok) {
        navigate(linkExpiredPath('compliance', { kind: 'failed' }), { replace: true });
        return;
      }
      const link = linkStateOf(r.data.visitMetadata, 'compliance');
      if (link.kind === 'expired') {
        navigate(linkExpiredPath('compliance', link), { replace: true });
        return;
      }
      setState(r.data);
    });
    return () => {
      live = false;
    };
  }, [id, i18n.language, navigate]);

  async function submit(answers: ComplianceAnswerItem[], agreed: boolean) {
    setBusy(true);
    setProblem(null);
    const r = await preApi.answerCompliance(i18n.language, id, { answers, agreed });
    setBusy(false);
    if (r.ok) setResult(r.data);
    else setProblem(r.status === 0 ? t('preregistration.offline') : (messageOf(r.body) ?? t('errors.generic')));
  }

  // Whatever the questions' state, a certificate the form asks for can be sent before arriving.
  const certificate = state?.form?.documentRequired ? (
    <OnlineCertificateCard visitUrl={id} sent={state.certificatesSent ?? 0} />
  ) : null;
  const body = (() => {
    if (!state) return <Loader aria-label={t('preregistration.loading')} />;
    if (result) {
      return (
        <Alert
          color={OUTCOME_COLOR[result.outcome]}
          variant="light"
          data-testid="online-compliance-result"
          data-outcome={result.outcome}
        >
          <Text>{t(`onlineCompliance.outcome.${result.outcome}`)}</Text>
        </Alert>
      );
    }
    if (!state.form)
      return (
        <Alert color="teal" variant="light" data-testid="compliance-state">
          <Text>{t('preregistration.noCompliance')}</Text>
        </Alert>
      );
    if (!state.due)
      return (
        <Alert color="teal" variant="light" data-testid="online-compliance-done">
          <Text>{t('onlineCompliance.alreadyDone')}</Text>
        </Alert>
      );
    return (
      <Stack gap="md">
        <Text>{t('onlineCompliance.intro')}</Text>
        {problem ? (
          <Alert color="red" data-testid="online-compliance-problem">
            {problem}
          </Alert>
        ) : null}
        <OnlineComplianceForm form={state.form} busy={busy} onSubmit={(a, agreed) => void submit(a, agreed)} />
      </Stack>
    );
  })();
  return (
    <PublicShell title={t('preregistration.complianceTitle')}>
      <Stack gap="md">
        {body}
        {certificate}
      </Stack>
    </PublicShell>
  );
}
