// The idle warning: on screen, with a sound, and spoken when guidance is on;
// "I need more time" takes the focus, so Enter, Space or a switch answers it at once.
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { secondsLeft } from '../logic/idle-timer';
import { sentences } from '../logic/speech-text';
import { useKioskA11y } from '../hooks/a11y-context';
import { beep } from '../hooks/beep';
import { useSheetKeys } from './trap-tab';
import './modes.css';

export default function IdleWarning() {
  const { t } = useTranslation();
  const a11y = useKioskA11y();
  const more = useRef<HTMLButtonElement>(null);
  const sound = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const textId = useId();
  const showing = !!a11y && a11y.idleActive && a11y.idle.phase === 'warning';
  const say = a11y?.say;
  useSheetKeys(sound, showing);
  useEffect(() => {
    if (!showing) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    more.current?.focus();
    if (sound.current) sound.current.dataset.sound = beep() ? 'played' : 'none';
    say?.(sentences(t('kioskA11y.warningTitle'), t('kioskA11y.warningText'), t('kioskA11y.moreTime')), true);
    // The visitor goes on where they were.
    return () => before?.focus();
    // Once per warning, not on each second of the countdown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showing]);
  if (!showing) return null;
  return (
    <div className="gk-a11y-backdrop gk-a11y-warning-backdrop">
      <div
        ref={sound}
        className="gk-a11y-sheet gk-a11y-warning"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        data-testid="kiosk-idle-warning"
      >
        <h2 id={titleId}>{t('kioskA11y.warningTitle')}</h2>
        <p className="gk-lead" id={textId}>
          {t('kioskA11y.warningText')}
        </p>
        <p className="gk-a11y-countdown" data-testid="kiosk-idle-seconds">
          {t('kioskA11y.secondsLeft', { count: secondsLeft(a11y.idle) })}
        </p>
        <button
          ref={more}
          type="button"
          className="gk-btn gk-btn-filled gk-tone-navy gk-size-xl gk-a11y-close"
          data-testid="kiosk-more-time"
          onClick={a11y.moreTime}
        >
          <span className="gk-btn-label">{t('kioskA11y.moreTime')}</span>
        </button>
      </div>
    </div>
  );
}
