// /emergency-sessions: every incident (merged sessions) with a count, active ones first, and
// the form that starts a new one for chosen sites. Reads this device's data: works offline.
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isActive, sortGroups } from '../../../../domain/emergency-sessions';
import { isAllowed } from '../../../../domain/permissions';
import { useStoredUser } from '../../../api/session';
import { PageTitle } from '../../../ui/page-title';
import { usePeopleAndEvents, usePlaces, useSessions } from '../data/use-emergency';
import { useClock } from './format';
import { FreshnessLine } from './freshness-line';
import { sessionPath } from '../../../../domain/warden-landing';
import { StartSessionForm } from './start-session-form';
import './emergency.css';

export function SessionsPage() {
  const { t } = useTranslation();
  const places = usePlaces();
  const { groups, sessions, ready } = useSessions();
  const { people } = usePeopleAndEvents();
  const { dateTime } = useClock();
  const permissions = useStoredUser()?.data.user.role.permissions ?? {};
  const sorted = sortGroups(groups);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <PageTitle>{t('routes.emergencySessions')}</PageTitle>
          <FreshnessLine />
        </div>
        <Badge size="lg" variant="light" data-testid="sessions-count" data-count={groups.length}>
          {t('emergency.sessions.count', { count: groups.length })}
        </Badge>
      </Group>
      {isAllowed(permissions, 'emergency') ? <StartSessionForm sites={places.sites} /> : null}
      {!ready ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : sorted.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text>{t('emergency.sessions.none')}</Text>
        </Paper>
      ) : (
        <Stack gap="xs" data-testid="sessions-list">
          {sorted.map((g) => {
            const pending = g.memberIds.some((id) => sessions.get(id)?.pending);
            return (
              <Paper
                key={g.id}
                withBorder
                radius="md"
                p="md"
                component={Link}
                to={sessionPath(g)}
                data-testid="session-item"
                data-session-id={g.id}
                data-active={isActive(g)}
                style={{ textDecoration: 'none', color: 'inherit' }}
              >
                <Group justify="space-between" wrap="wrap">
                  <Stack gap={2}>
                    <Text fw={600}>{g.name}</Text>
                    <Text size="sm" c="dimmed">
                      {g.siteIds.map((s) => places.siteName.get(s) ?? '').join(', ')} ·{' '}
                      {t('emergency.sessions.startedAt', { time: dateTime(g.startedAt) })}
                      {g.startedBy && people?.get(g.startedBy)
                        ? ` · ${t('emergency.sessions.by', { name: people.get(g.startedBy)!.fullName })}`
                        : ''}
                    </Text>
                    {g.members.length > 1 ? (
                      <Text size="xs" c="dimmed">
                        {t('emergency.sessions.merged', { count: g.members.length })}
                      </Text>
                    ) : null}
                  </Stack>
                  <Group gap="xs">
                    {pending ? (
                      <Badge color="yellow" variant="light">
                        {t('emergency.session.pending')}
                      </Badge>
                    ) : null}
                    <Badge color={isActive(g) ? 'red' : 'gray'} variant={isActive(g) ? 'filled' : 'light'}>
                      {isActive(g) ? t('emergency.sessions.active') : t('emergency.sessions.ended')}
                    </Badge>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
