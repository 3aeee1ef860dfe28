// The language menu once asked for (src/ui/language-menu.tsx loads it on first use): it opens at
// once, with focus on its button as the pressed placeholder had it.
import { useEffect, useRef, useState } from 'react';
import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../domain/constants';
import { isLanguage } from '../../domain/i18n';
import { LANGUAGE_LABELS, switchLanguage } from '../i18n/switch-language';
import { api } from '../api/client';
import { changeLanguage } from '../api/auth';
import { FullScreenOverlay } from './page-loader';
import { LanguageButton, type LanguageMenuProps } from './language-button';

export default function LanguageMenuOpen({ loggedIn, variant = 'subtle', color }: LanguageMenuProps) {
  const { t, i18n } = useTranslation();
  const [switching, setSwitching] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';

  // The placeholder button that was pressed is gone: its focus moves to this one.
  useEffect(() => {
    if (document.activeElement === document.body) target.current?.focus();
  }, []);

  const choose = (lang: Language) => {
    if (lang === current) return;
    void switchLanguage(lang, {
      showOverlay: () => setSwitching(true),
      notifyServer: loggedIn ? (l) => changeLanguage(api, l) : undefined,
    });
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal defaultOpened>
        <Menu.Target>
          <LanguageButton ref={target} variant={variant} color={color} />
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
