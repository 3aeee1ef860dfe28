// The kiosk home's announcements: the active ones targeted to a user type this
// kiosk's journeys serve (none targeted: everyone), urgent first, from IndexedDB so they show
// offline too. A verbal one is read aloud once per session in the kiosk's language, and on tap.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { byPriority, shownTo } from '../../../../domain/announcement';
import { pickText } from '../../../../domain/localized-text';
import { shownTypes, type KioskData } from '../hooks/use-kiosk-data';
import type { KioskRegistration } from '../journey/kiosk-store';
import { KAlert, KButton } from './kit';

const TICK_MS = 30_000;
const SPOKEN_KEY = 'gatehouse.kiosk.spoken';

/** Speaks `text` in `lang` where the browser can; a kiosk without speech synthesis stays silent. */
function speak(text: string, lang: string): boolean {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return false;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = lang;
  const voice = synth.getVoices().find((v) => v.lang.toLowerCase().startsWith(lang.toLowerCase()));
  if (voice) utterance.voice = voice;
  synth.cancel();
  synth.speak(utterance);
  return true;
}

function spokenBefore(key: string): boolean {
  try {
    const seen = new Set<string>(JSON.parse(sessionStorage.getItem(SPOKEN_KEY) ?? '[]') as string[]);
    if (seen.has(key)) return true;
    sessionStorage.setItem(SPOKEN_KEY, JSON.stringify([...seen, key]));
  } catch {
    // Storage unavailable: read it each time rather than never.
  }
  return false;
}

export function KioskAnnouncements({ kiosk, data }: { kiosk: KioskRegistration; data: KioskData }) {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  // The user types this kiosk signs in: those its area's journeys show.
  const served = useMemo(() => {
    const journeys = data.journeys.filter(
      (j) => j.settings.areas.length === 0 || j.settings.areas.includes(kiosk.areaId),
    );
    return [...new Set(journeys.flatMap((j) => shownTypes(data, j).map((u) => u.id)))];
  }, [data, kiosk.areaId]);
  const shown = data.announcements
    .map((a) => ({ ...a, targetUserTypes: a.targetUserTypes ?? [], urgent: !!a.urgent, pinned: !!a.pinned }))
    .filter((a) => shownTo(a, now, served))
    .sort(byPriority);
  const lang = i18n.language;
  // The text in the kiosk's language where the admin wrote one, read aloud in the voice of the
  // language it is written in.
  const said = (a: (typeof shown)[number]) => pickText(a.description, lang);
  const toSpeak = shown.filter((a) => a.verbal);
  const speakKey = toSpeak.map((a) => `${a.id}:${a.version ?? 1}`).join(',');
  useEffect(() => {
    for (const a of toSpeak) {
      if (spokenBefore(`${a.id}:${a.version ?? 1}:${lang}`)) continue;
      const { text, language } = said(a);
      speak(text, language);
    }
    // Keyed by the announcements' ids and versions, not by each render's copies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [speakKey, lang]);

  return (
    <>
      {shown.map((a) => (
        <KAlert
          key={a.id}
          tone={a.urgent ? 'red' : 'blue'}
          // Whom an announcement is for is the admin's business: the public sees only the notice.
          title={a.urgent ? t('announcements.kiosk.urgent') : t('announcements.kiosk.notice')}
          data-testid="kiosk-announcement"
        >
          <p className="gk-lead" dir="auto" lang={said(a).language}>
            {said(a).text}
          </p>
          {a.url ? (
            <p dir="ltr" className="gk-dimmed">
              {t('announcements.kiosk.link', { url: a.url })}
            </p>
          ) : null}
          {a.verbal ? (
            <KButton
              size="lg"
              variant="outline"
              tone={a.urgent ? 'red' : 'blue'}
              onClick={() => speak(said(a).text, said(a).language)}
              data-testid="kiosk-announcement-speak"
            >
              {t('announcements.kiosk.readAloud')}
            </KButton>
          ) : null}
        </KAlert>
      ))}
    </>
  );
}
