// The side menu (spec 1 §2): company name, the entries the role may see, the menu mode
// chooser and the footer with the year and the company's copyright.
import { Divider, ScrollArea, SegmentedControl, Stack, Text, Tooltip, Avatar } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { activeMenuKey } from '../../../domain/menu';
import { initialOf, truncateCompanyName } from '../../../domain/text';
import type { UserDetails } from '../../../domain/session';
import { SideMenuEntry } from './side-menu-entry';
import { menuFor } from './menu-for';
import type { MenuMode } from './menu-mode';

interface SideMenuProps {
  user: UserDetails;
  compact: boolean;
  mode?: MenuMode;
  onModeChange?: (mode: MenuMode) => void;
  onNavigate?: () => void;
}

export function SideMenu({ user, compact, mode, onModeChange, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const permissions = user.role.permissions ?? {};
  const items = menuFor({ package: user.entity.package, permissions, isTechTeam: user.isTechTeam }, user.role.name);
  const activeKey = activeMenuKey(pathname);
  const company = user.entity.name;
  const shortName = truncateCompanyName(company);

  return (
    <nav aria-label={t('layout.mainMenu')} data-testid="side-menu" className="gh-side-menu">
      <div className="gh-side-menu__company">
        {compact ? (
          <Tooltip label={company}>
            <Avatar color="navy" radius="md" aria-label={company}>
              {initialOf(company)}
            </Avatar>
          </Tooltip>
        ) : (
          <Tooltip label={company} disabled={shortName === company} multiline maw={260}>
            <Text fw={700} size="md" data-testid="company-name" tabIndex={shortName === company ? undefined : 0}>
              {shortName}
            </Text>
          </Tooltip>
        )}
      </div>
      <ScrollArea className="gh-side-menu__items" type="auto">
        <Stack gap={2} p="xs">
          {items.map((item) =>
            item.key === 'system' ? (
              compact ? (
                <Divider key="system" my="xs" aria-label={t('menu.system')} />
              ) : (
                <Text key="system" className="gh-side-menu__section" data-testid="menu-system">
                  {t('menu.system')}
                </Text>
              )
            ) : (
              <SideMenuEntry
                key={item.key}
                item={item}
                activeKey={activeKey}
                pathname={pathname}
                compact={compact}
                onNavigate={onNavigate}
              />
            ),
          )}
        </Stack>
      </ScrollArea>
      <div className="gh-side-menu__footer">
        {mode && onModeChange && !compact ? (
          <SegmentedControl
            size="xs"
            fullWidth
            value={mode}
            onChange={(v) => onModeChange(v as MenuMode)}
            aria-label={t('layout.menuMode')}
            data-testid="side-menu-mode"
            data={[
              { value: 'expanded', label: t('layout.modeExpanded') },
              { value: 'collapsed', label: t('layout.modeCollapsed') },
              { value: 'hover', label: t('layout.modeHover') },
            ]}
          />
        ) : null}
        {compact && mode && onModeChange ? (
          <Tooltip label={t('layout.expandMenu')}>
            <button
              type="button"
              className="gh-side-menu__expand"
              aria-label={t('layout.expandMenu')}
              onClick={() => onModeChange('expanded')}
            >
              »
            </button>
          </Tooltip>
        ) : null}
        {compact ? null : (
          <Text size="xs" c="dimmed" mt="xs" data-testid="side-menu-footer">
            © {new Date().getFullYear()} {user.entity.copyright}
          </Text>
        )}
      </div>
    </nav>
  );
}
