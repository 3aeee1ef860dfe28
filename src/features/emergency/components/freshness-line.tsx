// "As of 10:42, 3 devices not heard from since 10:30": how much a warden can trust the list.
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFreshness } from '../data/use-freshness';
import { useClock } from './format';

export function FreshnessLine() {
  const { t } = useTranslation();
  const { online, asOf, stale } = useFreshness();
  const { time } = useClock();
  return (
    <Group gap="xs" wrap="wrap" data-testid="freshness" data-as-of={asOf ?? ''}>
      <Badge color={online ? 'teal' : 'orange'} variant="light">
        {online ? t('sync.online') : t('sync.offline')}
      </Badge>
      <Text size="sm" c="dimmed">
        {asOf ? t('emergency.freshness.asOf', { time: time(asOf) }) : t('emergency.freshness.never')}
        {stale.count > 0 && stale.since
          ? ` · ${t('emergency.freshness.staleDevices', { count: stale.count, time: time(stale.since) })}`
          : ''}
      </Text>
    </Group>
  );
}
