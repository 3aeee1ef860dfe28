// The kiosk's idle countdown as a pure state machine: a quiet period, then a
// warning of at least 20 s (WCAG 2.2.1 / EN 301 549 §5.5), then home. The hook feeds it elapsed
// time, touches and keystrokes; nothing here reads a clock, so it is tested without one.
import { IDLE_SECONDS, IDLE_WARNING_SECONDS } from '../../../../../domain/journey';

export interface KioskTimings {
  /** Quiet time before the warning appears. */
  idleMs: number;
  /** How long the warning shows before the kiosk returns home. */
  warningMs: number;
}

/** The guidance asks for at least 20 s to react to a warning; the default gives 30 s. */
export const MIN_WARNING_MS = 20_000;
export const DEFAULT_TIMINGS: KioskTimings = {
  idleMs: IDLE_SECONDS.fallback * 1000,
  warningMs: IDLE_WARNING_SECONDS.fallback * 1000,
};
/** A keystroke holds the countdown this long: the timer stands still while the visitor types. */
export const TYPING_HOLD_MS = 5_000;
/** "I need more time" doubles the allowance; this caps it so an abandoned kiosk still clears. */
export const MAX_ALLOWANCE_MS = 10 * 60_000;

export type IdlePhase = 'counting' | 'warning' | 'expired';

export interface IdleState {
  phase: IdlePhase;
  /** Milliseconds until the kiosk goes home. */
  left: number;
  /** The full countdown a touch restarts (quiet time + warning), doubled by each "more time". */
  allowance: number;
  warningMs: number;
  /** Milliseconds the countdown still stands still for the last keystroke. */
  typingHold: number;
}

export function startIdle(t: KioskTimings): IdleState {
  const allowance = t.idleMs + t.warningMs;
  return { phase: 'counting', left: allowance, allowance, warningMs: t.warningMs, typingHold: 0 };
}

const phaseOf = (left: number, warningMs: number): IdlePhase =>
  left <= 0 ? 'expired' : left <= warningMs ? 'warning' : 'counting';

/** Time passes. While a keystroke's hold lasts, the countdown does not move. */
export function tick(s: IdleState, elapsedMs: number): IdleState {
  if (s.phase === 'expired' || elapsedMs <= 0) return s;
  const held = Math.min(s.typingHold, elapsedMs);
  const left = s.left - (elapsedMs - held);
  return { ...s, typingHold: s.typingHold - held, left, phase: phaseOf(left, s.warningMs) };
}

/** A touch, a click or a key: the countdown starts again. The warning is modal: only its own
 * button answers it, so the touch that presses "I need more time" cannot close it first. */
export function activity(s: IdleState): IdleState {
  if (s.phase !== 'counting') return s;
  return { ...s, left: s.allowance, phase: 'counting' };
}

/** A keystroke in a text field: activity, and the countdown holds while typing goes on. */
export function typing(s: IdleState): IdleState {
  if (s.phase !== 'counting') return s;
  return { ...activity(s), typingHold: TYPING_HOLD_MS };
}

/** "I need more time": the allowance doubles (up to the cap) and the countdown restarts with it. */
export function moreTime(s: IdleState): IdleState {
  if (s.phase === 'expired') return s;
  const allowance = Math.min(MAX_ALLOWANCE_MS, s.allowance * 2);
  return { ...s, allowance, left: allowance, phase: 'counting' };
}

/** Whole seconds left, for the warning's countdown. */
export const secondsLeft = (s: IdleState): number => Math.max(0, Math.ceil(s.left / 1000));

/** Stored timings made safe: missing or odd values fall back to the defaults, the warning never under 20 s. */
export function cleanTimings(raw: unknown): KioskTimings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof KioskTimings, unknown>>;
  const num = (v: unknown, fallback: number) =>
    typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.round(v) : fallback;
  return {
    idleMs: Math.min(MAX_ALLOWANCE_MS, num(r.idleMs, DEFAULT_TIMINGS.idleMs)),
    warningMs: Math.min(MAX_ALLOWANCE_MS, Math.max(MIN_WARNING_MS, num(r.warningMs, DEFAULT_TIMINGS.warningMs))),
  };
}
