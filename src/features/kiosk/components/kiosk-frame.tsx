// The kiosk's chrome: company logo and name, the area, online/offline and unsent count, the
// language buttons (the choice reloads, like the top bar's switch), and the step area.
import type { ReactNode } from 'react';
import { Badge, Button, Group, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../../domain/constants';
import { LANGUAGE_LABELS, switchLanguage } from '../../../i18n/switch-language';
import { useSyncStatus } from '../../../sync/sync-context';
import type { Step } from '../journey/draft';
import type { KioskRegistration } from '../journey/kiosk-store';
import './kiosk.css';

export function KioskFrame({ kiosk, step, busy, children }: { kiosk: KioskRegistration; step: Step; busy: boolean; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const s = useSyncStatus();
  return (
    <div className="gh-kiosk" data-testid="kiosk" data-step={step} data-busy={busy}>
      <header className="gh-kiosk-header">
        <Group gap="sm" wrap="nowrap" miw={0}>
          {kiosk.entity.logo ? <Image src={kiosk.entity.logo} alt="" h={40} w="auto" /> : <div className="gh-kiosk-logo" aria-hidden="true">{kiosk.entity.name.slice(0, 1)}</div>}
          <div className="gh-kiosk-title">
            <Text fw={700} size="lg" truncate>{kiosk.entity.name}</Text>
            <Text size="sm" c="dimmed" truncate data-testid="kiosk-area">{t('kiosk.areaAt', { area: kiosk.areaName, site: kiosk.siteName })}</Text>
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Badge size="lg" color={s.online ? 'teal' : 'gray'} data-testid="kiosk-online" data-online={s.online}>{s.online ? t('kiosk.online') : t('kiosk.offline')}</Badge>
          {s.pending > 0 ? <Badge size="lg" color="yellow" data-testid="kiosk-pending">{t('kiosk.unsent', { count: s.pending })}</Badge> : null}
          {step === 'home' ? LANGUAGES.map((lang: Language) => (
            <Button key={lang} variant={i18n.language === lang ? 'filled' : 'default'} className="gh-kiosk-lang" lang={lang}
              onClick={() => void switchLanguage(lang, { showOverlay: () => undefined })}>{LANGUAGE_LABELS[lang]}</Button>
          )) : null}
        </Group>
      </header>
      <main className="gh-kiosk-main">{children}</main>
    </div>
  );
}
