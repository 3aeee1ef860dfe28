// The kiosk's idle timings as a device-local setting: staff set how long the
// kiosk waits before its warning and how long the warning lasts (never under 20 s). Ready for the
// kiosk's settings screen to mount; saved values apply from the next visitor's journey.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KButton, KTextInput } from '../../components/kit';
import { loadTimings, saveTimings } from '../hooks/kiosk-timings';
import { MIN_WARNING_MS } from '../logic/idle-timer';

const seconds = (ms: number) => String(Math.round(ms / 1000));

export function KioskTimingsForm() {
  const { t } = useTranslation();
  const [idle, setIdle] = useState(() => seconds(loadTimings().idleMs));
  const [warning, setWarning] = useState(() => seconds(loadTimings().warningMs));
  const [saved, setSaved] = useState(false);
  const idleOk = Number(idle) >= 5;
  const warningOk = Number(warning) >= MIN_WARNING_MS / 1000;
  function save() {
    if (!idleOk || !warningOk) return;
    const clean = saveTimings({ idleMs: Number(idle) * 1000, warningMs: Number(warning) * 1000 });
    setIdle(seconds(clean.idleMs));
    setWarning(seconds(clean.warningMs));
    setSaved(true);
  }
  return (
    <div className="gk-stack" data-testid="kiosk-timings">
      <h2>{t('kioskA11y.timings.title')}</h2>
      <div className="gk-grid-2">
        <KTextInput
          label={t('kioskA11y.timings.idle')}
          inputMode="numeric"
          value={idle}
          error={idleOk ? undefined : t('kioskA11y.timings.idleMin')}
          onChange={(e) => (setIdle(e.target.value.replace(/\D/g, '')), setSaved(false))}
          data-testid="kiosk-timings-idle"
        />
        <KTextInput
          label={t('kioskA11y.timings.warning')}
          description={t('kioskA11y.timings.warningHint')}
          inputMode="numeric"
          value={warning}
          error={warningOk ? undefined : t('kioskA11y.timings.warningMin')}
          onChange={(e) => (setWarning(e.target.value.replace(/\D/g, '')), setSaved(false))}
          data-testid="kiosk-timings-warning"
        />
      </div>
      <div className="gk-row">
        <KButton size="lg" onClick={save} disabled={!idleOk || !warningOk} data-testid="kiosk-timings-save">
          {t('kioskA11y.timings.save')}
        </KButton>
        {saved ? <span role="status">{t('kioskA11y.timings.saved')}</span> : null}
      </div>
    </div>
  );
}
