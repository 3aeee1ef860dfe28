// The Web Speech API behind spoken guidance: the device's voices, the one for the visitor's
// language, and speak(). Nothing here decides what is said (logic/speech-text.ts does).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Language } from '../../../../../domain/constants';
import { chooseVoice } from '../logic/speech-text';

export interface SpeechEngine {
  /** The device has speech synthesis at all. */
  available: boolean;
  /** A voice of the visitor's language, or null (the screen then says so). */
  voice: SpeechSynthesisVoice | null;
  speak(text: string, interrupt?: boolean): void;
  cancel(): void;
}

const synthOf = (): SpeechSynthesis | null =>
  typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;

export function useSpeechEngine(lang: Language): SpeechEngine {
  const synth = useMemo(synthOf, []);
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => synth?.getVoices() ?? []);
  useEffect(() => {
    if (!synth) return;
    // Chromium fills the list a moment after load and says so with voiceschanged.
    const read = () => setVoices(synth.getVoices());
    read();
    synth.addEventListener('voiceschanged', read);
    return () => synth.removeEventListener('voiceschanged', read);
  }, [synth]);
  const voice = useMemo(() => chooseVoice(voices, lang), [voices, lang]);
  const speak = useCallback(
    (text: string, interrupt = false) => {
      if (!synth || !text) return;
      // Following focus: what the visitor moved away from is no longer worth finishing.
      if (interrupt) synth.cancel();
      const u = new SpeechSynthesisUtterance(text);
      u.lang = voice?.lang ?? lang;
      if (voice) u.voice = voice;
      synth.speak(u);
    },
    [synth, voice, lang],
  );
  const cancel = useCallback(() => synth?.cancel(), [synth]);
  return { available: synth !== null, voice, speak, cancel };
}
