// What spoken guidance says, and in which voice. Pure: the hook reads the page
// into these small descriptions and hands the words of the visitor's language in.
import type { Language } from '../../../../../domain/constants';

export interface VoiceLike {
  lang: string;
  name: string;
  default?: boolean;
  localService?: boolean;
}

/** A voice of the visitor's language: one that works offline first, then the device's default. */
export function chooseVoice<V extends VoiceLike>(voices: readonly V[], lang: Language): V | null {
  const mine = voices.filter((v) => v.lang.toLowerCase().replace('_', '-').split('-')[0] === lang);
  if (mine.length === 0) return null;
  const rank = (v: V) => (v.localService ? 2 : 0) + (v.default ? 1 : 0);
  return [...mine].sort((a, b) => rank(b) - rank(a))[0]!;
}

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Joins the non-empty parts once each, as sentences. */
export function sentences(...parts: (string | null | undefined)[]): string {
  const seen: string[] = [];
  for (const p of parts.map(clean)) if (p && !seen.includes(p)) seen.push(p);
  return seen.map((p) => (/[.!?؟:،]$/.test(p) ? p : `${p}.`)).join(' ');
}

/** A step read when it appears: its title, then its question or lead line. */
export const stepSpeech = (title: string | null, question: string | null): string => sentences(title, question);

export type ControlKind = 'button' | 'field' | 'checkbox' | 'radio' | 'switch' | 'link' | 'other';

export interface ControlDescription {
  kind: ControlKind;
  name: string;
  /** The question a radio or checkbox answers (its group's label). */
  group?: string | null;
  value?: string | null;
  checked?: boolean | null;
  pressed?: boolean | null;
  error?: string | null;
}

export interface SpeechWords {
  button: string;
  field: string;
  checkbox: string;
  radio: string;
  switch: string;
  link: string;
  selected: string;
  notSelected: string;
  on: string;
  off: string;
  empty: string;
  error: string;
}

function stateOf(c: ControlDescription, w: SpeechWords): string | null {
  if (c.kind === 'switch' || (c.kind === 'button' && c.pressed != null)) return c.pressed || c.checked ? w.on : w.off;
  if (c.kind === 'checkbox' || c.kind === 'radio') return c.checked ? w.selected : w.notSelected;
  if (c.kind === 'field') return clean(c.value) || w.empty;
  return null;
}

/** The focused control: its question (for a choice), its name, what it is and its state or value. */
export function controlSpeech(c: ControlDescription, w: SpeechWords): string {
  const kind = c.kind === 'other' ? null : w[c.kind];
  const name = [clean(c.name), kind].filter(Boolean).join(', ');
  return sentences(c.group, name, stateOf(c, w), c.error ? `${w.error}: ${clean(c.error)}` : null);
}

/** An answer just given: a choice says it is selected, a field says what it now holds. */
export function answerSpeech(c: ControlDescription, w: SpeechWords): string {
  if (c.kind === 'field') return sentences(clean(c.name), clean(c.value) || w.empty);
  return sentences(clean(c.name), stateOf(c, w));
}

export const errorSpeech = (text: string, w: SpeechWords): string => sentences(`${w.error}: ${clean(text)}`);
