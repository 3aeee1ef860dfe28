// The older names of the one offline notice (src/ui/offline-notice.tsx), kept so pages that
// still call them show the same component, words and age as every other page.
import { OfflineNotice } from './offline-notice';

/** Nothing loaded and no connection: the page's data lives on the server only. */
export function NeedsConnection() {
  return <OfflineNotice kind="server" force testId="needs-connection" />;
}

/** Offline, showing what was loaded at `loadedAt` (epoch ms), with its age. */
export function StaleData({ loadedAt, now }: { loadedAt: number; now?: number }) {
  return <OfflineNotice kind="device" asOf={loadedAt} force testId="stale-data" now={now} />;
}
