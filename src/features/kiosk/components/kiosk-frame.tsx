// The kiosk's chrome: company logo and name, the area, online/offline and unsent count, the
// language buttons (the choice reloads, like the top bar's switch), and the step area.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../../domain/constants';
import { LANGUAGE_LABELS, switchLanguage } from '../../../i18n/switch-language';
import { useSyncStatus } from '../../../sync/sync-context';
import type { Step } from '../journey/draft';
import type { KioskRegistration } from '../journey/kiosk-store';
import { useKioskDevice } from '../hooks/use-kiosk-device';
import { usePeopleWaiting } from '../hooks/use-people-waiting';
import { useCompanyBrand } from '../hooks/use-company-brand';
import { AccessibilityButton } from '../accessibility/components/accessibility-button';
import { KBadge, KButton } from './kit';
import './kiosk.css';

export function KioskFrame({
  kiosk,
  step,
  busy,
  children,
}: {
  kiosk: KioskRegistration;
  step: Step;
  busy: boolean;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const s = useSyncStatus();
  const waiting = usePeopleWaiting();
  const brand = useCompanyBrand(kiosk.entity);
  useKioskDevice();
  return (
    <div className="gh-kiosk gh-kiosk-fit" data-testid="kiosk" data-step={step} data-busy={busy}>
      <header className="gh-kiosk-header">
        <div className="gh-kiosk-brand">
          {brand.logo ? (
            <img src={brand.logo} alt="" data-testid="kiosk-logo" />
          ) : (
            <div className="gh-kiosk-logo" aria-hidden="true">
              {brand.name.slice(0, 1)}
            </div>
          )}
          <div className="gh-kiosk-title">
            <p className="gh-kiosk-company">{brand.name}</p>
            <p className="gk-dimmed" data-testid="kiosk-area">
              {t('kiosk.areaAt', { area: kiosk.areaName, site: kiosk.siteName })}
            </p>
          </div>
        </div>
        {/* Wraps on a phone-width screen (the languages under the status) rather than scroll sideways. */}
        <div className="gk-row gh-kiosk-header-end">
          {/* on every screen, found without any setup. */}
          <AccessibilityButton />
          {/* Until its first sync has finished, a new kiosk may not know everyone yet: it says so. */}
          <KBadge
            tone={s.online ? 'teal' : 'gray'}
            data-testid="kiosk-online"
            data-online={s.online}
            data-synced={s.lastSyncAt !== null}
          >
            {!s.online ? t('kiosk.offline') : s.lastSyncAt === null ? t('kioskSync.updating') : t('kiosk.online')}
          </KBadge>
          {waiting > 0 ? (
            <KBadge tone="yellow" data-testid="kiosk-pending">
              {t('kioskOffline.peopleWaiting', { count: waiting })}
            </KBadge>
          ) : null}
          {step === 'home' ? (
            <div className="gh-kiosk-langs">
              {LANGUAGES.map((lang: Language) => (
                <KButton
                  key={lang}
                  size="lg"
                  variant={i18n.language === lang ? 'filled' : 'default'}
                  className="gh-kiosk-lang"
                  lang={lang}
                  onClick={() => void switchLanguage(lang, { showOverlay: () => undefined })}
                >
                  {LANGUAGE_LABELS[lang]}
                </KButton>
              ))}
            </div>
          ) : null}
        </div>
      </header>
      <main className="gh-kiosk-main">{children}</main>
    </div>
  );
}
