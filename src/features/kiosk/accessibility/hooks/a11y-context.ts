// What the accessibility button, the panel, spoken guidance and the idle warning share inside
// the kiosk frame.
import { createContext, useContext, type MutableRefObject } from 'react';
import type { IdleState } from '../logic/idle-timer';
import type { A11yMode, A11yPrefs } from './a11y-prefs';

export type Speak = (text: string, interrupt?: boolean) => void;

export interface KioskA11y {
  prefs: A11yPrefs;
  toggle(mode: A11yMode): void;
  step: string;
  /** Set by spoken guidance while it is on (a chunk loaded only then); null while off. */
  speaker: MutableRefObject<Speak | null>;
  /** Says `text` while spoken guidance is on; nothing otherwise. */
  say: Speak;
  /** "This device has no Arabic voice", or null; set by spoken guidance. */
  voiceNote: string | null;
  setVoiceNote(note: string | null): void;
  idle: IdleState;
  /** The idle countdown runs on this step (not at home, not on the result screen). */
  idleActive: boolean;
  moreTime(): void;
}

export const A11yContext = createContext<KioskA11y | null>(null);

export function useKioskA11y(): KioskA11y | null {
  return useContext(A11yContext);
}
