// Home: the area's journeys as large buttons, sign out, and pinned or urgent announcements.
import { useTranslation } from 'react-i18next';
import type { KioskData } from '../hooks/use-kiosk-data';
import type { KioskRegistration } from '../journey/kiosk-store';
import { KAlert, KButton } from './kit';

export function KioskHome({
  kiosk,
  data,
  onStart,
}: {
  kiosk: KioskRegistration;
  data: KioskData;
  onStart: (action: 'in' | 'out', journeyId: string | null) => void;
}) {
  const { t } = useTranslation();
  const now = Date.now();
  const journeys = data.journeys.filter(
    (j) => j.settings.areas.length === 0 || j.settings.areas.includes(kiosk.areaId),
  );
  const shown = data.announcements
    .filter((a) => (a.pinned || a.urgent) && a.publishAt <= now && (a.expiresAt === null || a.expiresAt > now))
    .sort((a, b) => Number(b.urgent) - Number(a.urgent));
  return (
    <div className="gk-stack">
      <div>
        <h1>{t('kiosk.welcome')}</h1>
        <p className="gk-lead gk-dimmed">{t('kiosk.chooseJourney')}</p>
      </div>
      {shown.map((a) => (
        <KAlert
          key={a.id}
          tone={a.urgent ? 'red' : 'blue'}
          title={a.urgent ? t('kiosk.urgent') : t('kiosk.pinned')}
          data-testid="kiosk-announcement"
        >
          <p className="gk-lead">{a.description}</p>
        </KAlert>
      ))}
      {journeys.length === 0 ? (
        <p className="gk-lead" data-testid="kiosk-no-journeys">
          {t('kiosk.noJourneys')}
        </p>
      ) : null}
      <div className="gh-kiosk-journeys">
        {journeys.map((j) => (
          <KButton
            key={j.id}
            className="gh-kiosk-journey"
            data-testid="kiosk-journey"
            onClick={() => onStart('in', j.id)}
          >
            {j.name}
          </KButton>
        ))}
        <KButton
          variant="outline"
          tone="orange"
          className="gh-kiosk-journey"
          data-testid="kiosk-sign-out"
          onClick={() => onStart('out', null)}
        >
          {t('kiosk.signOut')}
        </KButton>
      </div>
    </div>
  );
}
