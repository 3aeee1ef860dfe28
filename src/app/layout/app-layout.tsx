// The logged-in layout (spec 1 §2): dark top bar, light side menu (a drawer below 992 px),
// right sidebar, page loader that hides after LOADER_HIDE_MS.
import { useEffect, useState, type ReactNode } from 'react';
import { AppShell, Drawer, LoadingOverlay, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BACK_RELOAD_MS, LOADER_HIDE_MS } from '../../../domain/constants';
import type { StoredUser } from '../../../domain/session';
import { guardUserOf } from '../../api/session';
import { NAVBAR_WIDTH_EXPANDED, reservedWidth, useMenuMode } from './menu-mode';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { SessionPopups } from '../../features/emergency/components/session-popups';
import { AccountPopups } from '../../features/two-step/components/account-popups';
import { PassportGate } from '../../features/passport/components/passport-gate';
import './layout.css';

export const DESKTOP_QUERY = '(min-width: 62em)'; // 992 px

export function AppLayout({ stored, children }: { stored: StoredUser; children: ReactNode }) {
  const { t } = useTranslation();
  const user = stored.data.user;
  const guardUser = guardUserOf(stored)!;
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true);
  const [mode, setMode] = useMenuMode();
  const [hovered, setHovered] = useState(false);
  const [drawerOpen, drawer] = useDisclosure(false);
  const [asideOpen, aside] = useDisclosure(false);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), LOADER_HIDE_MS);
    return () => clearTimeout(timer);
  }, []);
  // Spec 1 §2: the browser back button reloads the page after 500 ms (offline, the service
  // worker serves the shell again, so this is safe without a network).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onBack = () => {
      clearTimeout(timer);
      timer = setTimeout(() => window.location.reload(), BACK_RELOAD_MS);
    };
    window.addEventListener('popstate', onBack);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('popstate', onBack);
    };
  }, []);
  // Close the phone drawer when the page changes (not on every render: the handlers are not stable).
  const [drawerPath, setDrawerPath] = useState(pathname);
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    if (drawerOpen) drawer.close();
  }

  const compact = mode === 'collapsed' || (mode === 'hover' && !hovered);
  const overlaying = mode === 'hover' && hovered;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: reservedWidth(mode), breakpoint: 'md', collapsed: { mobile: true } }}
      padding="md"
    >
      <a href="#main" className="gh-skip-link">
        {t('layout.skipToContent')}
      </a>
      <AppShell.Header className="gh-header">
        <TopBar
          user={user}
          guardUser={guardUser}
          menuOpened={drawerOpen}
          onMenuToggle={drawer.toggle}
          onAsideToggle={aside.toggle}
        />
      </AppShell.Header>
      {isDesktop ? (
        <AppShell.Navbar
          className="gh-navbar"
          data-overlaying={overlaying || undefined}
          style={overlaying ? { width: NAVBAR_WIDTH_EXPANDED } : undefined}
          onMouseEnter={() => mode === 'hover' && setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => mode === 'hover' && setHovered(true)}
          onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setHovered(false)}
        >
          <SideMenu user={user} compact={compact} mode={mode} onModeChange={setMode} />
        </AppShell.Navbar>
      ) : (
        <Drawer
          opened={drawerOpen}
          onClose={drawer.close}
          size={300}
          padding={0}
          title={t('layout.menu')}
          position="left"
          className="gh-menu-drawer"
        >
          <SideMenu user={user} compact={false} onNavigate={drawer.close} />
        </Drawer>
      )}
      <AppShell.Main id="main" className="gh-main">
        <LoadingOverlay visible={loading} zIndex={50} overlayProps={{ blur: 1 }} data-testid="page-loader" />
        {children}
      </AppShell.Main>
      <SessionPopups />
      <AccountPopups />
      <PassportGate />
      <Drawer
        opened={asideOpen}
        onClose={aside.close}
        position="right"
        title={t('layout.sidebarTitle')}
        data-testid="right-sidebar"
      >
        <Text c="dimmed" size="sm">
          {t('layout.sidebarEmpty')}
        </Text>
      </Drawer>
    </AppShell>
  );
}
