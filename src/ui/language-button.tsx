// The language switcher's button, shared by the placeholder (src/ui/language-menu.tsx) and the
// loaded menu (src/ui/language-menu-open.tsx), which wraps the same button as its target.
import type { ComponentPropsWithRef } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../domain/i18n';
import type { Language } from '../../domain/constants';
import { LANGUAGE_LABELS } from '../i18n/switch-language';
import { Icon } from './icons';

export interface LanguageMenuProps {
  loggedIn: boolean;
  variant?: string;
  color?: string;
}

export function LanguageButton({
  variant,
  color,
  ...rest
}: Omit<ComponentPropsWithRef<'button'>, 'color'> & { variant?: string; color?: string }) {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
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
      aria-haspopup="menu"
      aria-label={`${t('layout.language')}: ${LANGUAGE_LABELS[current]}`}
      {...rest}
    >
      <span className="gh-hide-narrow">{LANGUAGE_LABELS[current]}</span>
    </Button>
  );
}
