// The getting-started list on a new company's dashboard: each item links to
// its page and ticks itself when done; the list can be hidden and goes once everything is done.
import { Anchor, Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useGettingStarted } from '../hooks/use-getting-started';

export function GettingStarted() {
  const { t } = useTranslation();
  const { items, shown, dismiss } = useGettingStarted();
  if (!shown) return null;
  const done = items.filter((i) => i.done).length;
  return (
    <Paper withBorder p="md" radius="md" data-testid="getting-started" aria-labelledby="getting-started-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4" id="getting-started-title">
              {t('gettingStarted.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('gettingStarted.intro')}
            </Text>
          </Stack>
          <Button variant="subtle" onClick={dismiss} data-testid="getting-started-dismiss">
            {t('gettingStarted.dismiss')}
          </Button>
        </Group>
        <Progress
          value={(done / items.length) * 100}
          aria-label={t('gettingStarted.progress', { done, total: items.length })}
        />
        <Text size="sm" data-testid="getting-started-progress">
          {t('gettingStarted.progress', { done, total: items.length })}
        </Text>
        <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <Group
              key={item.id}
              component="li"
              gap="sm"
              wrap="nowrap"
              data-testid="getting-started-item"
              data-item={item.id}
              data-done={item.done}
            >
              <ThemeIcon
                size={28}
                radius="xl"
                color={item.done ? 'teal' : 'gray'}
                variant={item.done ? 'filled' : 'light'}
                aria-hidden="true"
              >
                {item.done ? '✓' : ''}
              </ThemeIcon>
              <Anchor
                component={Link}
                to={item.path}
                td={item.done ? 'line-through' : undefined}
                c={item.done ? 'dimmed' : undefined}
                py={8}
              >
                {t(`gettingStarted.items.${item.id}`)}
              </Anchor>
              {item.done ? <span className="gh-visually-hidden">{t('gettingStarted.done')}</span> : null}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
