// Spoken guidance while it is on: each step's title and question when the step appears, the
// focused control, each answer given and each error shown. Off, nothing is listened to or read.
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { answerSpeech, controlSpeech, errorSpeech, stepSpeech, type SpeechWords } from '../logic/speech-text';
import { describeControl, readStep } from './read-page';

const WORD_KEYS = [
  'button',
  'field',
  'checkbox',
  'radio',
  'switch',
  'link',
  'selected',
  'notSelected',
  'on',
  'off',
  'empty',
  'error',
] as const;

export function useSpeechWords(): SpeechWords {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => Object.fromEntries(WORD_KEYS.map((k) => [k, t(`kioskA11y.words.${k}`)])) as unknown as SpeechWords,
    // The words follow the visitor's language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
}

const ERRORS = '.gk-error, [role="alert"]';

export function useGuidance(
  on: boolean,
  step: string,
  speak: (text: string, interrupt?: boolean) => void,
  words: SpeechWords,
): void {
  // The step, read once its heading is on the page (later steps load as a separate chunk). A new
  // step cuts off the last one's words; guidance just turned on is read after "guidance is on".
  const readFor = useRef<string | null>(null);
  useEffect(() => {
    if (!on) {
      readFor.current = null;
      return;
    }
    const interrupt = readFor.current !== null && readFor.current !== step;
    readFor.current = step;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    const read = () => {
      const found = readStep(document.querySelector('.gh-kiosk-main'));
      if (found) speak(stepSpeech(found.title, found.question), interrupt);
      else if (tries++ < 25) timer = setTimeout(read, 200);
    };
    timer = setTimeout(read, 150);
    return () => clearTimeout(timer);
  }, [on, step, speak]);

  useEffect(() => {
    if (!on) return;
    // A field's answer is read as focus leaves it: the next control waits its turn, not cuts it off.
    let answeredAt = -Infinity;
    const focused = (e: FocusEvent) => {
      if (e.target instanceof HTMLElement && e.target.matches('button, input, select, textarea, a, [role]'))
        speak(controlSpeech(describeControl(e.target), words), performance.now() - answeredAt > 300);
    };
    const changed = (e: Event) => {
      if (!(e.target instanceof HTMLElement)) return;
      answeredAt = performance.now();
      speak(answerSpeech(describeControl(e.target), words), true);
    };
    // An error that appears is read after whatever is being said.
    const spoken = new WeakSet<Element>();
    const observer = new MutationObserver(() => {
      for (const el of document.querySelectorAll(ERRORS)) {
        if (spoken.has(el) || !el.textContent?.trim()) continue;
        spoken.add(el);
        if (el.matches('.gk-error') || el.closest('.gh-kiosk-main')) speak(errorSpeech(el.textContent, words));
      }
    });
    document.querySelectorAll(ERRORS).forEach((el) => spoken.add(el));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    document.addEventListener('focusin', focused);
    document.addEventListener('change', changed);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', focused);
      document.removeEventListener('change', changed);
    };
  }, [on, speak, words]);
}
