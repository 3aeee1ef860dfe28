// The journey's instruction screen: the admin's text in the visitor's language (falling back to
// the company's default), written right to left when that text is Arabic.
import { useTranslation } from 'react-i18next';
import { CONTENT_LANGUAGES, contentDir, textIn, type LocalizedText } from '../../../../domain/localized-text';
import { KButton } from './kit';

export function InstructionStep({
  text,
  language,
  onDone,
  onCancel,
}: {
  text: LocalizedText | null;
  language?: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = language ?? i18n.language;
  const shown = textIn(text, lang, 'en');
  // The direction of the text shown, which is the fallback's when the visitor's is missing.
  const shownIn =
    typeof text === 'object' && text
      ? ([lang.slice(0, 2), 'en', ...CONTENT_LANGUAGES].find((l) => text[l as 'en']?.trim()) ?? lang)
      : 'en';
  const dir = contentDir(shownIn);
  return (
    <div className="gk-stack" data-testid="kiosk-instruction">
      <h2>{t('kiosk.instruction.title')}</h2>
      <p className="gk-lead" dir={dir} style={{ whiteSpace: 'pre-line' }}>
        {shown}
      </p>
      <div className="gh-kiosk-actions">
        <KButton variant="subtle" onClick={onCancel}>
          {t('kiosk.cancel')}
        </KButton>
        <KButton data-testid="kiosk-instruction-next" onClick={onDone}>
          {t('kiosk.instruction.continue')}
        </KButton>
      </div>
    </div>
  );
}
