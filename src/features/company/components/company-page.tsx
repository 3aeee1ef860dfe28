// /company (spec 1 §2, §3 Entity): details and subdomain, logo, API integration token,
// two-step policy, plan/package/subscription, and the days of history admin devices keep.
// Opens for company_details; on Standalone only for the tech-team account (the
// route guard and the server both enforce it).
import { useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '../../../../domain/permissions';
import { useDeviceCopy } from '../../../api/device-copy';
import { useStoredUser } from '../../../api/session';
import { OfflineNotice } from '../../../ui/offline-notice';
import { PageLoader } from '../../../ui/page-loader';
import { PageTitle } from '../../../ui/page-title';
import { useCompany } from '../hooks/use-company';
import { DetailsForm } from './details-form';
import { HistoryWindowCard } from './history-window-card';
import { LogoCard } from './logo-card';
import { NewCompanyModal } from './new-company-modal';
import { PlanCard } from './plan-card';
import { TokenCard } from './token-card';
import { SsoCard } from './sso-card';
import './company.css';

export function CompanyPage() {
  const { t } = useTranslation();
  const user = useStoredUser()?.data.user;
  const { company: loaded, failed, unreachable, reload, saved } = useCompany(user?.entity.id ?? '');
  // Offline: the company as this device last loaded it, with its age.
  const copy = useDeviceCopy('company', loaded);
  const company = loaded ?? (unreachable ? (copy?.data ?? null) : null);
  const [creating, setCreating] = useState(false);
  const conflict = () => void reload();

  if (!user) return null;
  if (unreachable && !company) return <OfflineNotice kind="server" force />;
  if (failed && !company)
    return (
      <Alert color="red" title={t('company.loadFailed')}>
        <Button variant="light" onClick={() => void reload()}>
          {t('company.reload')}
        </Button>
      </Alert>
    );
  if (!company) return <PageLoader />;
  return (
    <Stack gap="md" data-testid="company-page">
      {loaded ? null : <OfflineNotice force asOf={copy?.savedAt ?? null} />}
      <Group justify="space-between" align="flex-start">
        <PageTitle>{t('routes.company')}</PageTitle>
        {user.isTechTeam && (
          <Button variant="light" onClick={() => setCreating(true)} data-testid="company-new">
            {t('company.newCompany')}
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" className="gh-company-grid">
        <Stack gap="md">
          <DetailsForm
            company={company}
            canEditPolicy={isAllowed(user.role.permissions, 'user_settings')}
            onSaved={saved}
            onConflict={conflict}
          />
          {isAllowed(user.role.permissions, 'company_details') && <HistoryWindowCard />}
        </Stack>
        <Stack gap="md">
          <LogoCard company={company} onSaved={saved} onConflict={conflict} />
          <TokenCard company={company} onGenerated={() => void reload()} />
          <PlanCard company={company} isTechTeam={user.isTechTeam} onSaved={saved} onConflict={conflict} />
          {isAllowed(user.role.permissions, 'company_details') && <SsoCard />}
        </Stack>
      </SimpleGrid>
      {user.isTechTeam && <NewCompanyModal opened={creating} onClose={() => setCreating(false)} />}
    </Stack>
  );
}
