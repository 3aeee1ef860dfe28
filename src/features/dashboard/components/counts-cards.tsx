// The day's counts as cards: visits, on site now, and per user type and per site.
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DailyCounts } from '../../../../domain/logbook';

function Breakdown({ title, groups, testId }: { title: string; groups: DailyCounts['byUserType']; testId: string }) {
  const { t, i18n } = useTranslation();
  const nf = new Intl.NumberFormat(i18n.language);
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed" mb={6}>
        {title}
      </Text>
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('logbook.none')}
        </Text>
      ) : (
        <Stack gap={4}>
          {groups.slice(0, 5).map((g) => (
            <Group key={g.id ?? 'none'} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" truncate>
                {g.name ?? t('logbook.unknown')}
              </Text>
              <Text size="sm" fw={700} data-testid={`${testId}-count`}>
                {nf.format(g.count)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

export function CountsCards({ counts }: { counts: DailyCounts | null }) {
  const { t, i18n } = useTranslation();
  const nf = new Intl.NumberFormat(i18n.language);
  const big = (label: string, value: number | undefined, testId: string) => (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={700} lh={1.2} data-testid={testId}>
        {value === undefined ? '—' : nf.format(value)}
      </Text>
    </Paper>
  );
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" data-testid="counts">
      {big(t('logbook.visitsToday'), counts?.total, 'count-total')}
      {big(t('logbook.onSiteNow'), counts?.onSite, 'count-on-site')}
      <Breakdown title={t('logbook.byUserType')} groups={counts?.byUserType ?? []} testId="count-by-type" />
      <Breakdown title={t('logbook.bySite')} groups={counts?.bySite ?? []} testId="count-by-site" />
    </SimpleGrid>
  );
}
