// Mantine (with direction), notifications, jotai, the local database, sync and the entity-room socket.
import type { ReactNode } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Provider as JotaiProvider } from 'jotai';
import { DbProvider } from '../db/db-context';
import { SyncProvider } from '../sync/sync-context';
import { RealtimeProvider } from '../realtime/realtime-context';
import { theme } from './theme';

export function Providers({ dir, children }: { dir: 'ltr' | 'rtl'; children: ReactNode }) {
  return (
    <JotaiProvider>
      <DirectionProvider initialDirection={dir} detectDirection={false}>
        <MantineProvider theme={theme} defaultColorScheme="light">
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
