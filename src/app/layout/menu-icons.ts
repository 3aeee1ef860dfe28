// The icon of each side-menu entry.
import type { IconName } from '../../ui/icons';

export const MENU_ICONS: Record<string, IconName> = {
  passport: 'passport',
  company_details: 'company',
  dashboard: 'dashboard',
  users: 'users',
  announcements: 'megaphone',
  sites_devices: 'building',
  reporting: 'chart',
  user_settings: 'settings',
  journey_builder: 'route',
  compliance: 'shield',
  integration: 'plug',
  emergency: 'siren',
};
