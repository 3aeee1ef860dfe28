// The language dropdown (top bar and login page): English, العربية, Español.
import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../domain/constants';
import { isLanguage } from '../../domain/i18n';
import { LANGUAGE_LABELS, switchLanguage } from '../i18n/switch-language';
import { api } from '../api/client';
import { changeLanguage } from '../api/auth';
import { Icon } from './icons';
import { FullScreenOverlay } from './page-loader';

export function LanguageMenu({
  loggedIn,
  variant = 'subtle',
  color,
}: {
  loggedIn: boolean;
  variant?: string;
  color?: string;
}) {
  const { t, i18n } = useTranslation();
  const [switching, setSwitching] = useState(false);
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';

  const choose = (lang: Language) => {
    if (lang === current) return;
    void switchLanguage(lang, {
      showOverlay: () => setSwitching(true),
      notifyServer: loggedIn ? (l) => changeLanguage(api, l) : undefined,
    });
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant={variant}
            color={color}
            leftSection={<Icon name="globe" size={18} />}
            rightSection={
              <span className="gh-hide-narrow">
                <Icon name="chevronDown" size={14} />
              </span>
            }
            data-testid="language-switcher"
            aria-label={`${t('layout.language')}: ${LANGUAGE_LABELS[current]}`}
          >
            <span className="gh-hide-narrow">{LANGUAGE_LABELS[current]}</span>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('layout.language')}</Menu.Label>
          {LANGUAGES.map((lang) => (
            <Menu.Item
              key={lang}
              lang={lang}
              onClick={() => choose(lang)}
              data-testid={`language-${lang}`}
              aria-current={lang === current ? 'true' : undefined}
              fw={lang === current ? 700 : undefined}
            >
              {LANGUAGE_LABELS[lang]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <FullScreenOverlay visible={switching} />
    </>
  );
}
