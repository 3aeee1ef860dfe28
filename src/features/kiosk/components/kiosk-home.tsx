// Home: the area's journeys as large buttons, sign out, and pinned or urgent announcements.
import { useTranslation } from 'react-i18next';
import type { KioskData } from '../hooks/use-kiosk-data';
import type { KioskRegistration } from '../journey/kiosk-store';
import { KioskAnnouncements } from './kiosk-announcements';
import { KButton } from './kit';

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
  const journeys = data.journeys.filter(
    (j) => j.settings.areas.length === 0 || j.settings.areas.includes(kiosk.areaId),
  );
  return (
    <div className="gk-stack">
      <div>
        <h1>{t('kiosk.welcome')}</h1>
        <p className="gk-lead gk-dimmed">{t('kiosk.chooseJourney')}</p>
      </div>
      <KioskAnnouncements kiosk={kiosk} data={data} />
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
