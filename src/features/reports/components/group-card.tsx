// One breakdown of the visit summary (by user type, site or area): a name, its count and a
// bar of its share, longest first.
import { Group as Row, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface Group {
  id: string | null;
  name: string | null;
  count: number;
}

export function GroupCard({ title, groups, testId }: { title: string; groups: Group[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const total = groups.reduce((n, g) => n + g.count, 0);
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      <Stack gap="xs">
        {groups.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('reports.summary.empty')}
          </Text>
        ) : null}
        {groups.slice(0, 8).map((g) => (
          <div key={g.id ?? 'none'}>
            <Row justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" truncate>
                {g.name ?? t('reports.none')}
              </Text>
              <Text size="sm" fw={600}>
                {g.count.toLocaleString(i18n.language)}
              </Text>
            </Row>
            <Progress value={total ? (100 * g.count) / total : 0} size="sm" aria-hidden />
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
