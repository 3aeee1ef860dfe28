// Wraps the kiosk with its accessibility modes: the visitor's choices (reset
// when the kiosk returns home), the idle countdown and what the rest shares. The modes are
// classes on a wrapper, styled by modes.css; larger text scales the root font size, which every
// kiosk size in rem follows. Spoken guidance, the panel and the warning are chunks loaded when
// wanted, so the kiosk's first load carries only the button and the countdown.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { A11yContext, type KioskA11y, type Speak } from '../hooks/a11y-context';
import { A11Y_MODES, loadPrefs, NO_PREFS, savePrefs, type A11yMode } from '../hooks/a11y-prefs';
import { useIdleWarning } from '../hooks/use-idle-warning';
import { cleanTimings, DEFAULT_TIMINGS, type KioskTimings } from '../logic/idle-timer';
import './accessibility.css';

/** The panel's chunk carries modes.css: loaded as soon as any mode is on (after a reload too). */
export const loadPanel = () => import('./accessibility-panel');

export function KioskAccessibility({
  step,
  onIdle,
  timings: journeyTimings,
  children,
}: {
  step: string;
  /** The running journey's countdown (its settings, synced); the defaults outside a journey. */
  timings?: KioskTimings;
  /** The countdown ran out: the kiosk clears the journey and goes home. */
  onIdle: () => void;
  children: ReactNode;
}) {
  const [prefs, setPrefs] = useState(loadPrefs);
  const [voiceNote, setVoiceNote] = useState<string | null>(null);
  const speaker = useRef<Speak | null>(null);
  useEffect(() => savePrefs(prefs), [prefs]);
  const anyOn = A11Y_MODES.some((m) => prefs[m]);
  useEffect(() => {
    if (anyOn) void loadPanel();
  }, [anyOn]);

  // The next visitor starts with none of this visitor's choices.
  const previous = useRef(step);
  useEffect(() => {
    if (step === 'home' && previous.current !== 'home') setPrefs(NO_PREFS);
    previous.current = step;
  }, [step]);

  useEffect(() => {
    if (!prefs.largeText) return;
    const root = document.documentElement;
    const before = root.style.fontSize;
    root.style.fontSize = '150%';
    return () => {
      root.style.fontSize = before;
    };
  }, [prefs.largeText]);

  const say = useCallback<Speak>((text, interrupt) => speaker.current?.(text, interrupt), []);
  const toggle = useCallback((mode: A11yMode) => setPrefs((p) => ({ ...p, [mode]: !p[mode] })), []);

  const idleActive = step !== 'home' && step !== 'result';
  // The journey's own timings, bounded again here (at least 20 s of warning whatever arrives).
  const idleMs = journeyTimings?.idleMs;
  const warningMs = journeyTimings?.warningMs;
  const timings = useMemo(
    () => (idleActive && idleMs !== undefined ? cleanTimings({ idleMs, warningMs }) : DEFAULT_TIMINGS),
    [idleActive, idleMs, warningMs],
  );
  const { state: idle, extend } = useIdleWarning(idleActive, timings, onIdle);
  const value = useMemo<KioskA11y>(
    () => ({
      prefs,
      toggle,
      step,
      speaker,
      say,
      voiceNote: prefs.speech ? voiceNote : null,
      setVoiceNote,
      idle,
      idleActive,
      moreTime: extend,
    }),
    [prefs, toggle, step, say, voiceNote, idle, idleActive, extend],
  );
  const modes = A11Y_MODES.filter((m) => prefs[m]);
  return (
    <A11yContext.Provider value={value}>
      <div
        className={['gk-a11y', ...modes.map((m) => `gk-a11y-${m}`)].join(' ')}
        data-testid="kiosk-a11y"
        data-modes={modes.join(' ')}
      >
        {children}
      </div>
    </A11yContext.Provider>
  );
}
