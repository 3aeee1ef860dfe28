// The accessibility button in the kiosk's header, on every screen (found without any setup:
// EN 301 549 §5.1.3). The panel, spoken guidance and the idle warning it hosts
// are chunks loaded when first wanted.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKioskA11y } from '../hooks/a11y-context';
import { loadPanel } from './kiosk-accessibility';

const AccessibilityPanel = lazy(loadPanel);
const SpeechGuidance = lazy(() => import('./speech-guidance'));
const loadWarning = () => import('./idle-warning');
const IdleWarning = lazy(loadWarning);

function AccessIcon() {
  return (
    <svg className="gk-a11y-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="4" r="2" />
      <path d="M4 8.5 12 10l8-1.5.5 2-6 1.5v3.5l2.2 6.3-1.9.7L12 16.3l-2.8 6.2-1.9-.7L9.5 15.5V12l-6-1.5z" />
    </svg>
  );
}

export function AccessibilityButton() {
  const { t } = useTranslation();
  const a11y = useKioskA11y();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    opener.current?.focus();
  }, []);
  const idleActive = a11y?.idleActive ?? false;
  // Fetched as a journey starts, so the warning is there the moment it is needed (cached offline).
  useEffect(() => {
    if (idleActive) void loadWarning();
  }, [idleActive]);
  if (!a11y) return null;
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="gk-btn gk-btn-outline gk-tone-navy gk-size-lg gk-a11y-open"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="kiosk-a11y-open"
        onClick={() => setOpen(true)}
      >
        <AccessIcon />
        <span className="gk-btn-label">{t('kioskA11y.button')}</span>
      </button>
      {/* One boundary each: a chunk still loading never hides the panel the visitor is using. */}
      <Suspense fallback={null}>{a11y.prefs.speech ? <SpeechGuidance /> : null}</Suspense>
      <Suspense fallback={null}>{open ? <AccessibilityPanel onClose={close} /> : null}</Suspense>
      <Suspense fallback={null}>{a11y.idleActive && a11y.idle.phase === 'warning' ? <IdleWarning /> : null}</Suspense>
    </>
  );
}
