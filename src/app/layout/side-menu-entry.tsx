// One side-menu entry: a link, a new-tab link (Users), or an expandable section (Reporting,
// Settings). In compact mode labels become tooltips and sections open a pop-out menu.
import { Menu, NavLink, Tooltip, useDirection } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../../domain/menu';
import { Icon } from '../../ui/icons';
import { MENU_ICONS } from './menu-icons';
import { useNewTabTarget } from './new-tab';

interface EntryProps {
  item: MenuItem;
  activeKey: string | undefined;
  pathname: string;
  compact: boolean;
  onNavigate?: () => void;
}

const isCurrent = (to: string | undefined, pathname: string) => !!to && to.toLowerCase() === pathname.toLowerCase();

export function SideMenuEntry({ item, activeKey, pathname, compact, onNavigate }: EntryProps) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const { newTab, ...target } = useNewTabTarget();
  const label = t(`menu.${item.label}`);
  const active = activeKey === item.key;
  const icon = <Icon name={MENU_ICONS[item.key] ?? 'layout'} />;
  const side = dir === 'rtl' ? 'left' : 'right';
  const [opened, setOpened] = useState(active);

  if (item.children) {
    const children = item.children.map((child) =>
      compact ? (
        <Menu.Item
          key={child.key}
          component={Link}
          to={child.to ?? '/'}
          onClick={onNavigate}
          data-testid={`menu-${child.key}`}
          aria-current={isCurrent(child.to, pathname) ? 'page' : undefined}
        >
          {t(`menu.${child.label}`)}
        </Menu.Item>
      ) : (
        <NavLink
          key={child.key}
          component={Link}
          to={child.to ?? '/'}
          label={t(`menu.${child.label}`)}
          active={isCurrent(child.to, pathname)}
          onClick={onNavigate}
          data-testid={`menu-${child.key}`}
          aria-current={isCurrent(child.to, pathname) ? 'page' : undefined}
        />
      ),
    );
    if (compact) {
      return (
        <Menu position={`${side}-start`} trigger="click-hover" withinPortal>
          <Menu.Target>
            <NavLink
              component="button"
              type="button"
              leftSection={icon}
              aria-label={label}
              active={active}
              data-testid={`menu-${item.key}`}
              className="gh-nav-compact"
            />
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{label}</Menu.Label>
            {children}
          </Menu.Dropdown>
        </Menu>
      );
    }
    // A button, not an anchor without an address: Tab reaches it and it says whether it is open
    //.
    return (
      <NavLink
        component="button"
        type="button"
        label={label}
        leftSection={icon}
        active={active}
        opened={opened}
        onChange={setOpened}
        aria-expanded={opened}
        aria-controls={`menu-section-${item.key}`}
        data-testid={`menu-${item.key}`}
        childrenOffset={32}
      >
        <div id={`menu-section-${item.key}`}>{children}</div>
      </NavLink>
    );
  }

  const common = {
    leftSection: icon,
    label: compact ? undefined : label,
    'aria-label': compact ? label : undefined,
    active,
    'data-testid': `menu-${item.key}`,
    className: compact ? 'gh-nav-compact' : undefined,
  };
  const link = item.newTab ? (
    <NavLink
      component="a"
      href={item.to}
      {...target}
      {...common}
      rightSection={
        compact || !newTab ? undefined : <span className="gh-visually-hidden">{t('common.opensInNewTab')}</span>
      }
    />
  ) : (
    <NavLink
      component={Link}
      to={item.to ?? '/'}
      onClick={onNavigate}
      {...common}
      aria-current={active ? 'page' : undefined}
    />
  );
  return compact ? (
    <Tooltip label={label} position={side} withArrow>
      {link}
    </Tooltip>
  ) : (
    link
  );
}
