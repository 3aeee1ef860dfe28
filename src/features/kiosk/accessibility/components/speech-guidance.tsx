// Spoken guidance while it is on (a chunk loaded only then): the device's voice for the visitor's
// language, what each step, control, answer and error says, and the note when the device has no
// voice of that language. Mounting it is turning guidance on; unmounting stops all speech.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../../../domain/constants';
import { useKioskA11y } from '../hooks/a11y-context';
import { useGuidance, useSpeechWords } from '../hooks/use-guidance';
import { useSpeechEngine } from '../hooks/use-speech';
import './modes.css';

export default function SpeechGuidance() {
  const { t, i18n } = useTranslation();
  const a11y = useKioskA11y()!;
  const lang: Language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';
  const engine = useSpeechEngine(lang);
  const { speak, cancel } = engine;
  const { speaker, setVoiceNote } = a11y;
  useEffect(() => {
    speaker.current = speak;
    return () => {
      speaker.current = null;
    };
  }, [speaker, speak]);
  useEffect(() => {
    speak(t('kioskA11y.speechOn'), true);
    return cancel;
    // Said once, as guidance comes on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const note = !engine.available
    ? t('kioskA11y.noSpeech')
    : !engine.voice
      ? t('kioskA11y.noVoice', { language: t(`kioskA11y.languages.${lang}`) })
      : null;
  useEffect(() => setVoiceNote(note), [note, setVoiceNote]);
  useGuidance(true, a11y.step, speak, useSpeechWords());
  return note ? (
    <span className="gk-a11y-note" role="status" data-testid="kiosk-a11y-no-voice">
      {note}
    </span>
  ) : null;
}
