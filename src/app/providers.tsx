// Mantine (with direction), notifications, jotai, the local database, sync and the entity-room socket.
import { useMemo, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Notifications } from '@mantine/notifications';
import { Provider as JotaiProvider } from 'jotai';
import { DbProvider } from '../db/db-context';
import { SyncProvider } from '../sync/sync-context';
import { RealtimeProvider } from '../realtime/realtime-context';
import { theme } from './theme';
import { accessibleDefaults, contrastVariables } from '../ui/accessible-defaults';

export function Providers({ dir, children }: { dir: 'ltr' | 'rtl'; children: ReactNode }) {
  const { t } = useTranslation();
  const named = useMemo(() => mergeThemeOverrides(theme, accessibleDefaults(t)), [t]);
  return (
    <JotaiProvider>
      <DirectionProvider initialDirection={dir} detectDirection={false}>
        <MantineProvider theme={named} defaultColorScheme="light" cssVariablesResolver={contrastVariables}>
          <Notifications position="top-center" limit={4} />
          <DbProvider>
            <SyncProvider>
              <RealtimeProvider>{children}</RealtimeProvider>
            </SyncProvider>
          </DbProvider>
        </MantineProvider>
      </DirectionProvider>
    </JotaiProvider>
  );
}
