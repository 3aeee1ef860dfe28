// The language dropdown (top bar and login page): English, العربية, Español. The button renders
// at once; the menu (Mantine's Menu with its popover and floating positioning, about a sixth of
// the login page's script) loads when the button is first pointed at, focused or pressed, so a
// visitor's first load does not carry it.
import { lazy, Suspense, useState } from 'react';
import { LanguageButton, type LanguageMenuProps } from './language-button';

const loadOpenMenu = () => import('./language-menu-open');
const OpenMenu = lazy(loadOpenMenu);

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
