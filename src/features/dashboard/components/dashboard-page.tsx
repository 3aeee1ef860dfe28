// The dashboard (/ and /filtered): today's counts, the last 14 days, the live logbook with
// its filters kept in the URL and saved per admin, mass sign-in/out and quick sign-in.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useLocation, useNavigate, useOutletContext, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LogbookRow } from '../../../../domain/logbook';
import { guardUserOf, useStoredUser } from '../../../api/session';
import { mayOpen } from '../../../../domain/guards';
import { PageTitle } from '../../../ui/page-title';
import { paramsFrom, searchOf, type LogbookParams } from '../hooks/logbook-params';
import { useGridPreference } from '../../../api/use-grid-preference';
import { useLogbook } from '../hooks/use-logbook';
import { useWardenLanding } from '../hooks/use-warden-landing';
import { CountsCards } from './counts-cards';
import { GettingStarted } from './getting-started';
import { HistoryPanel } from './history-panel';
import { LogbookFilters } from './logbook-filters';
import { COLUMNS, LogbookTable, type Column } from './logbook-table';
import { MassActionModal } from './mass-action-modal';
import { QuickSignIn } from './quick-sign-in';
import { ReceptionTasks } from './reception-tasks';
import { VisitDrawer } from './visit-drawer';

const PAGE = '/';

/**
 * A User Timing measure from the page's first render to the first paint of today's logbook
 * from local data ('gh:dashboard-local-ready', read by `npm run bench:dashboard`).
 */
function useLocalReadyMark(localShown: boolean) {
  const [mounted] = useState(() => performance.now());
  const done = useRef(false);
  useEffect(() => {
    if (!localShown || done.current) return;
    done.current = true;
    performance.measure('gh:dashboard-local-ready', { start: mounted, end: performance.now() });
  }, [localShown, mounted]);
}

export function DashboardPage() {
  const { t } = useTranslation();
  const stored = useStoredUser();
  const context = useOutletContext<{ noAccess?: boolean } | undefined>();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { pref, save } = useGridPreference(PAGE);
  const [open, setOpen] = useState<LogbookRow | null>(null);
  const [massOpen, setMassOpen] = useState(false);
  const searchText = search.toString();
  const params = useMemo(() => paramsFrom(new URLSearchParams(searchText)), [searchText]);
  const state = useLogbook(params);
  useWardenLanding(stored?.data.user.role.permissions ?? {});
  useLocalReadyMark(state.source === 'local' && state.page !== null);
  const columns: Column[] = pref?.table_head?.length
    ? COLUMNS.filter((c) => pref.table_head.includes(c))
    : [...COLUMNS];

  // The saved filters come back when the admin opens the plain dashboard.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !pref) return;
    restored.current = true;
    if (pathname === '/' && !searchText && pref.url) navigate(`/filtered?${pref.url}`, { replace: true });
  }, [pref, pathname, searchText, navigate]);

  if (!stored) return null;
  const user = stored.data.user;
  if (context?.noAccess) {
    return (
      <Stack gap="md">
        <PageTitle>{t('dashboard.welcome', { name: user.fullName })}</PageTitle>
        <Alert color="yellow" data-testid="dashboard-no-access">
          {t('dashboard.noAccess')}
        </Alert>
      </Stack>
    );
  }

  const change = (patch: Partial<LogbookParams>) => {
    const next = searchOf({ ...params, ...patch });
    restored.current = true;
    navigate(next ? `/filtered?${next}` : '/', { replace: true });
    save({ table_head: columns, url: next });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={0}>
          <PageTitle>{t('dashboard.welcome', { name: user.fullName })}</PageTitle>
          <Group gap="xs" mt={-8}>
            <Text c="dimmed" size="sm" data-testid="dashboard-company">
              {user.entity.name}
            </Text>
            {user.entity.package ? (
              <Badge variant="light" size="sm">
                {user.entity.package}
              </Badge>
            ) : null}
            <Text c="dimmed" size="sm" data-testid="dashboard-role">
              {t(`roles.${user.role.name}`, { defaultValue: user.role.name })}
            </Text>
          </Group>
        </Stack>
        {/* The dialog is /multiple-signin's screen: whoever that page refuses never sees it. */}
        {mayOpen('/multiple-signin', guardUserOf(stored)) ? (
          <Button onClick={() => setMassOpen(true)} data-testid="open-mass-action">
            {t('mass.open')}
          </Button>
        ) : null}
      </Group>
      {/* People waiting come before setting up: someone is standing at the desk. */}
      <ReceptionTasks />
      <GettingStarted />
      <CountsCards counts={state.counts} />
      <SimpleGrid cols={{ base: 1, lg: 1 }}>
        <HistoryPanel />
      </SimpleGrid>
      <LogbookFilters params={params} onChange={change} />
      {state.unavailable ? (
        <Alert color="yellow" data-testid="logbook-offline">
          {t('logbook.needsConnection')}
        </Alert>
      ) : null}
      <div data-testid="logbook-source" data-source={state.source}>
        <LogbookTable
          rows={state.page?.data ?? []}
          count={state.page?.count ?? 0}
          params={params}
          columns={columns}
          onColumns={(c) => save({ table_head: c, url: searchOf(params) })}
          onChange={change}
          onOpen={setOpen}
        />
      </div>
      <QuickSignIn />
      <VisitDrawer row={open} onClose={() => setOpen(null)} />
      <MassActionModal
        opened={massOpen && mayOpen('/multiple-signin', guardUserOf(stored))}
        onClose={() => setMassOpen(false)}
      />
    </Stack>
  );
}
