// /add-expected-visitors: add visitors, the expected-visits list with approval, a QR check that
// works offline, and the mail log (?tab=add|list|qr|mail).
import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../ui/page-title';
import { AddVisitorsForm } from './add-visitors-form';
import { MailLog } from './mail-log';
import { QrCheck } from './qr-check';
import { VisitsList } from './visits-list';

const TABS = ['add', 'list', 'qr', 'mail'] as const;

export function ExpectedVisitorsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? params.get('tab')! : 'add';
  const go = (next: string | null) =>
    setParams(
      (p) => {
        p.set('tab', next ?? 'add');
        return p;
      },
      { replace: true },
    );
  return (
    <Stack gap="md">
      <PageTitle>{t('expectedVisits.title')}</PageTitle>
      <Tabs value={tab} onChange={go} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="add">{t('expectedVisits.tabAdd')}</Tabs.Tab>
          <Tabs.Tab value="list">{t('expectedVisits.tabList')}</Tabs.Tab>
          <Tabs.Tab value="qr">{t('expectedVisits.tabQr')}</Tabs.Tab>
          <Tabs.Tab value="mail">{t('expectedVisits.tabMail')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="add" pt="md">
          <AddVisitorsForm onAdded={() => go('list')} />
        </Tabs.Panel>
        <Tabs.Panel value="list" pt="md">
          <VisitsList />
        </Tabs.Panel>
        <Tabs.Panel value="qr" pt="md">
          <QrCheck />
        </Tabs.Panel>
        <Tabs.Panel value="mail" pt="md">
          <MailLog />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
