// The top bar (spec 2 §2): logo, emergency-list and add-visits shortcuts, language, user menu,
// right sidebar toggle; on phones and tablets also the button that opens the side menu.
import { ActionIcon, Burger, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { shortcutsFor, type GuardUser, type ShortcutBlock } from '../../../domain/guards';
import type { UserDetails } from '../../../domain/session';
import { Icon, type IconName } from '../../ui/icons';
import { LanguageMenu } from '../../ui/language-menu';
import { SyncBadge } from '../../ui/sync-badge';
import { UserMenu } from './user-menu';
import { useNewTabTarget } from './new-tab';

interface TopBarProps {
  user: UserDetails;
  guardUser: GuardUser;
  menuOpened: boolean;
  onMenuToggle: () => void;
  onAsideToggle: () => void;
}

function Shortcut({
  enabled,
  href,
  icon,
  label,
  hint,
  testId,
}: {
  enabled: boolean;
  href: string;
  icon: IconName;
  label: string;
  hint: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const { newTab, ...target } = useNewTabTarget();
  const content = (
    <>
      <Icon name={icon} size={18} />
      <span className="gh-hide-narrow">{label}</span>
    </>
  );
  if (enabled) {
    return (
      // The label hides on phones: aria-label keeps the icon-only link named there.
      <a
        className="gh-shortcut"
        href={href}
        {...target}
        aria-label={newTab ? `${label} ${t('common.opensInNewTab')}` : label}
        data-testid={testId}
      >
        {content}
      </a>
    );
  }
  return (
    <Tooltip label={hint}>
      {/* A link that goes nowhere yet: focusable, so the hint can be read, but not an anchor. */}
      <span
        className="gh-shortcut"
        role="link"
        aria-disabled="true"
        aria-label={`${label}: ${hint}`}
        tabIndex={0}
        data-testid={testId}
      >
        {content}
      </span>
    </Tooltip>
  );
}

/** The tooltip of a shortcut that is off: the plan when the plan is the reason. */
const addVisitsHint = (block: ShortcutBlock | null) =>
  block === 'package.standalone' ? 'layout.addVisitsStandalone' : 'layout.shortcutUnavailable';

export function TopBar({ user, guardUser, menuOpened, onMenuToggle, onAsideToggle }: TopBarProps) {
  const { t } = useTranslation();
  const shortcuts = shortcutsFor(guardUser);
  const logo = user.entity.logo?.trim();
  return (
    <Group h="100%" px="sm" gap="xs" wrap="nowrap" className="gh-top-bar" data-testid="top-bar" justify="space-between">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={menuOpened}
          onClick={onMenuToggle}
          hiddenFrom="md"
          color="white"
          size="sm"
          aria-label={t('layout.openMenu')}
          data-testid="menu-burger"
        />
        <img className="gh-logo" src={logo || '/logo.svg'} alt={logo ? user.entity.name : 'Gatehouse'} />
        <Shortcut
          enabled={shortcuts.emergencyList === null}
          href="/emergency-list"
          icon="siren"
          label={t('layout.emergencyList')}
          hint={t('layout.shortcutUnavailable')}
          testId="shortcut-emergency-list"
        />
        <Shortcut
          enabled={shortcuts.addVisits === null}
          href="/add-expected-visitors"
          icon="userPlus"
          label={t('layout.addVisits')}
          hint={t(addVisitsHint(shortcuts.addVisits))}
          testId="shortcut-add-visits"
        />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <SyncBadge />
        <LanguageMenu loggedIn variant="subtle" color="gray.0" />
        <UserMenu user={user} />
        <ActionIcon
          variant="subtle"
          color="gray.0"
          size="lg"
          onClick={onAsideToggle}
          aria-label={t('layout.toggleSidebar')}
          data-testid="right-sidebar-toggle"
        >
          <Icon name="sidebar" />
        </ActionIcon>
      </Group>
    </Group>
  );
}
