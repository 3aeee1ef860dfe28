// The language dropdown (top bar and login page): English, العربية, Español. The button renders
// at once; the menu (Mantine's Menu with its popover and floating positioning, about a sixth of
// the login page's script) loads when the button is first pointed at, focused or pressed, so a
// visitor's first load does not carry it (issue 20 item 16).
import { lazy, Suspense, useState, type ComponentPropsWithRef } from 'react';
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

const loadOpenMenu = () => import('./language-menu-open');
const OpenMenu = lazy(loadOpenMenu);

/** The switcher's button; the loaded menu wraps the same button as its target. */
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

export function LanguageMenu(props: LanguageMenuProps) {
  const [opened, setOpened] = useState(false);
  const prefetch = () => void loadOpenMenu();
  const button = (
    <LanguageButton
      variant={props.variant ?? 'subtle'}
      color={props.color}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setOpened(true)}
    />
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <OpenMenu {...props} />
    </Suspense>
  );
}
