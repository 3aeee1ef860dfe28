// The user menu (spec 2 §2): initial, truncated full name, manage billing, logout.
import { useState } from 'react';
import { Avatar, Button, Menu, Modal, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { initialOf, truncateFullName } from '../../../domain/text';
import type { UserDetails } from '../../../domain/session';
import { Icon } from '../../ui/icons';

export function UserMenu({ user }: { user: UserDetails }) {
  const { t } = useTranslation();
  const [billingOpen, setBillingOpen] = useState(false);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          {/* Named by its content: the name on screen, then "Account menu" for screen readers, so
              the spoken name contains the visible text (WCAG 2.5.3) and phones, which hide the name, still name it. */}
          <UnstyledButton className="gh-user-button" data-testid="user-menu">
            <Avatar src={user.image || undefined} color="yellow" radius="xl" size={32} alt="" aria-hidden="true">
              {initialOf(user.fullName)}
            </Avatar>
            <span className="gh-hide-narrow" data-testid="user-name">
              {truncateFullName(user.fullName)}
            </span>
            <span className="gh-visually-hidden">{t('layout.userMenu')}</span>
            <span className="gh-hide-narrow">
              <Icon name="chevronDown" size={14} />
            </span>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.fullName}</Menu.Label>
          <Menu.Item
            leftSection={<Icon name="card" size={16} />}
            onClick={() => setBillingOpen(true)}
            data-testid="manage-billing"
          >
            {t('layout.manageBilling')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            component={Link}
            to="/logout"
            leftSection={<Icon name="logout" size={16} />}
            color="red"
            data-testid="logout"
          >
            {t('layout.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={billingOpen} onClose={() => setBillingOpen(false)} title={t('layout.manageBilling')} centered>
        <Text>{t('layout.billingComingSoon')}</Text>
        <Button mt="md" onClick={() => setBillingOpen(false)}>
          {t('common.close')}
        </Button>
      </Modal>
    </>
  );
}
