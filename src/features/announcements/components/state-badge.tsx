// An announcement's state as a coloured badge (scheduled, active, expired).
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnnouncementState } from '../../../../domain/announcement';

const COLOURS: Record<AnnouncementState, string> = { scheduled: 'blue', active: 'teal', expired: 'gray' };

export function StateBadge({ state }: { state: AnnouncementState }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLOURS[state]}
      variant="light"
      tt="none"
      style={{ minWidth: 'max-content' }}
      data-testid="announcement-state"
    >
      {t(`announcements.state.${state}`)}
    </Badge>
  );
}
