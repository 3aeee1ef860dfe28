// Reads what spoken guidance needs from the kiosk's page: a step's title and question, and a
// control's accessible name, kind, group and state. Reads the markup the steps already have
// (labels, aria-labelledby, headings), so no step needs to know about speech.
import type { ControlDescription, ControlKind } from '../logic/speech-text';

const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

const byIds = (ids: string | null) =>
  (ids ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => text(document.getElementById(id)))
    .filter(Boolean)
    .join(' ');

/** The step on show: its first heading and its first lead line (the question, where there is one). */
export function readStep(main: Element | null): { title: string | null; question: string | null } | null {
  const heading = main?.querySelector('h1, h2');
  if (!heading) return null;
  return { title: text(heading) || null, question: text(main?.querySelector('.gk-lead')) || null };
}

function kindOf(el: HTMLElement): ControlKind {
  const role = el.getAttribute('role');
  if (role === 'switch') return 'switch';
  if (el instanceof HTMLInputElement) {
    if (el.type === 'checkbox') return 'checkbox';
    if (el.type === 'radio') return 'radio';
    if (['button', 'submit', 'reset'].includes(el.type)) return 'button';
    return 'field';
  }
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return 'field';
  if (role === 'radio' || role === 'option') return 'radio';
  if (role === 'checkbox') return 'checkbox';
  if (el instanceof HTMLButtonElement || role === 'button') return 'button';
  if (el instanceof HTMLAnchorElement) return 'link';
  return 'other';
}

function nameOf(el: HTMLElement): string {
  const labelled = byIds(el.getAttribute('aria-labelledby'));
  if (labelled) return labelled;
  const aria = el.getAttribute('aria-label');
  if (aria) return aria.trim();
  if ('labels' in el) {
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length) return [...labels].map(text).join(' ');
  }
  return text(el) || (el as HTMLInputElement).placeholder || '';
}

/** The question a choice answers: the label of its radiogroup, group or fieldset. */
function groupOf(el: HTMLElement): string | null {
  const group = el.closest('[role="radiogroup"], [role="group"], fieldset');
  if (!group || group === el) return null;
  const legend = group instanceof HTMLFieldSetElement ? text(group.querySelector('legend')) : '';
  return byIds(group.getAttribute('aria-labelledby')) || group.getAttribute('aria-label') || legend || null;
}

export function describeControl(el: HTMLElement): ControlDescription {
  const kind = kindOf(el);
  const pressed = el.getAttribute('aria-pressed') ?? el.getAttribute('aria-checked');
  const input = el as HTMLInputElement;
  return {
    kind,
    name: nameOf(el),
    group: kind === 'radio' || kind === 'checkbox' || kind === 'button' ? groupOf(el) : null,
    value: kind === 'field' ? input.value : null,
    checked: kind === 'checkbox' || kind === 'radio' || kind === 'switch' ? input.checked || pressed === 'true' : null,
    pressed: pressed === null ? null : pressed === 'true',
    error: byIds(el.getAttribute('aria-describedby')?.match(/\S+-error/)?.[0] ?? null) || null,
  };
}

/** Text fields, where a keystroke is typing (and holds the idle countdown). */
export const isTextEntry = (el: EventTarget | null): boolean =>
  el instanceof HTMLTextAreaElement ||
  (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'range'].includes(el.type));
