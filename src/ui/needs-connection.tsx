// What an online-only page says when it cannot reach the server: that it needs a connection
// (never "nothing matches"), or, when it still shows what it loaded before, how old that is.
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../domain/date-format';

const HOUR_MS = 3_600_000;

/** Nothing loaded and no connection: the page's data lives on the server only. */
export function NeedsConnection() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" title={t('connection.needsTitle')} data-testid="needs-connection" role="status">
      {t('connection.needsBody')}
    </Alert>
  );
}

/** Offline, showing what was loaded at `loadedAt` (epoch ms), with its age. */
export function StaleData({ loadedAt, now = Date.now() }: { loadedAt: number; now?: number }) {
  const { t, i18n } = useTranslation();
  const minutes = Math.floor((now - loadedAt) / 60_000);
  const age =
    minutes < 1
      ? t('connection.justNow')
      : now - loadedAt < HOUR_MS
        ? t('connection.minutesAgo', { count: minutes })
        : t('connection.at', { time: formatTime(loadedAt, i18n.language) });
  return (
    <Alert color="yellow" title={t('connection.staleTitle')} data-testid="stale-data" role="status">
      {t('connection.staleBody', { age })}
    </Alert>
  );
}
