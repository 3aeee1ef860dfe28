// /sites "Sites and devices": one page, two tabs — the sites with their areas
// (features/sites) and the kiosk list (features/kiosk). Features never import each other, so
// the app composes them here, each tab a lazy chunk; `?tab=kiosks` opens the second.
import { lazy, Suspense } from 'react';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageLoader } from '../ui/page-loader';
import { PageTitle } from '../ui/page-title';

const SitesPage = lazy(() => import('../features/sites/components/sites-page').then((m) => ({ default: m.SitesPage })));
const KioskListPage = lazy(() =>
  import('../features/kiosk/components/kiosk-list-page').then((m) => ({ default: m.KioskListPage })),
);
const TABS = ['sites', 'kiosks'] as const;

export function SitesDevicesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'kiosks' ? 'kiosks' : 'sites';
  return (
    <>
      <PageTitle>{t('sites.title')}</PageTitle>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(v) => setParams(v === 'kiosks' ? { tab: 'kiosks' } : {}, { replace: true })}
      >
        <Tabs.List mb="md">
          {TABS.map((k) => (
            <Tabs.Tab key={k} value={k} data-testid={`sites-tab-${k}`} style={{ minBlockSize: 44 }}>
              {t(`sites.tabs.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Suspense fallback={<PageLoader />}>
          <Tabs.Panel value="sites">
            <SitesPage />
          </Tabs.Panel>
          <Tabs.Panel value="kiosks">
            <KioskListPage />
          </Tabs.Panel>
        </Suspense>
      </Tabs>
    </>
  );
}
