// The accessibility panel: four toggles in a bottom sheet, so it is within reach in every layout.
// Its chunk carries modes.css, the styles of every mode.
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useKioskA11y } from '../hooks/a11y-context';
import { A11Y_MODES } from '../hooks/a11y-prefs';
import { useSheetKeys } from './trap-tab';
import './modes.css';

export default function AccessibilityPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const a11y = useKioskA11y()!;
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => panel.current?.querySelector<HTMLElement>('button')?.focus(), []);
  useSheetKeys(panel, true, onClose);
  const { prefs } = a11y;
  return (
    <div className="gk-a11y-backdrop">
      <div
        ref={panel}
        className="gk-a11y-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="kiosk-a11y-panel"
      >
        <div className="gk-a11y-sheet-head">
          <h2 id={titleId}>{t('kioskA11y.title')}</h2>
          <p className="gk-dimmed">{t('kioskA11y.intro')}</p>
        </div>
        <div className="gk-a11y-toggles">
          {A11Y_MODES.map((mode) => (
            <button
              key={mode}
              type="button"
              className={`gk-btn gk-size-lg gk-a11y-toggle ${prefs[mode] ? 'gk-btn-filled' : 'gk-btn-default'}`}
              aria-pressed={prefs[mode]}
              data-testid={`kiosk-a11y-${mode}`}
              onClick={() => a11y.toggle(mode)}
            >
              <span className="gk-btn-label">{t(`kioskA11y.${mode}`)}</span>
              <span className="gk-a11y-state" aria-hidden="true">
                {prefs[mode] ? t('kioskA11y.on') : t('kioskA11y.off')}
              </span>
            </button>
          ))}
        </div>
        {a11y.voiceNote ? <p className="gk-lead">{a11y.voiceNote}</p> : null}
        <button
          type="button"
          className="gk-btn gk-btn-filled gk-tone-navy gk-size-xl gk-a11y-close"
          data-testid="kiosk-a11y-close"
          onClick={onClose}
        >
          <span className="gk-btn-label">{t('kioskA11y.close')}</span>
        </button>
      </div>
    </div>
  );
}
