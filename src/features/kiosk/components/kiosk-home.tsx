// Home: the area's journeys as large buttons, sign out, and pinned or urgent announcements.
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { KioskData } from '../hooks/use-kiosk-data';
import type { KioskRegistration } from '../journey/kiosk-store';

/** A kiosk is fullscreen; browsers allow the request only from a tap. */
function requestFullscreen() {
  if (!document.fullscreenElement) void document.documentElement.requestFullscreen?.().catch(() => undefined);
}

export function KioskHome({ kiosk, data, onStart }: { kiosk: KioskRegistration; data: KioskData; onStart: (action: 'in' | 'out', journeyId: string | null) => void }) {
  const { t } = useTranslation();
  const now = Date.now();
  const journeys = data.journeys.filter((j) => j.settings.areas.length === 0 || j.settings.areas.includes(kiosk.areaId));
  const shown = data.announcements
    .filter((a) => (a.pinned || a.urgent) && a.publishAt <= now && (a.expiresAt === null || a.expiresAt > now))
    .sort((a, b) => Number(b.urgent) - Number(a.urgent));
  return (
    <Stack gap="xl" onPointerDown={requestFullscreen}>
      <div>
        <Title order={1}>{t('kiosk.welcome')}</Title>
        <Text size="lg" c="dimmed">{t('kiosk.chooseJourney')}</Text>
      </div>
      {shown.map((a) => (
        <Alert key={a.id} color={a.urgent ? 'red' : 'blue'} variant="light" title={a.urgent ? t('kiosk.urgent') : t('kiosk.pinned')} data-testid="kiosk-announcement">
          <Text size="lg">{a.description}</Text>
        </Alert>
      ))}
      {journeys.length === 0 ? <Text size="lg" data-testid="kiosk-no-journeys">{t('kiosk.noJourneys')}</Text> : null}
      <div className="gh-kiosk-journeys">
        {journeys.map((j) => (
          <Button key={j.id} size="xl" className="gh-kiosk-journey" data-testid="kiosk-journey" onClick={() => onStart('in', j.id)}>
            {j.name}
          </Button>
        ))}
        <Button size="xl" variant="outline" color="orange" className="gh-kiosk-journey" data-testid="kiosk-sign-out" onClick={() => onStart('out', null)}>
          {t('kiosk.signOut')}
        </Button>
      </div>
    </Stack>
  );
}
