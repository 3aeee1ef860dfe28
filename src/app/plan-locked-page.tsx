// What a Standalone company sees on a page its plan does not include: which page, what the plan
// does include, and who can change the plan. Shown in place of the screen, not as a redirect.
import { Anchor, Button, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { standaloneIncludes, type GuardUser } from '../../domain/guards';
import type { RouteDef } from '../../domain/routes';
import { Icon } from '../ui/icons';
import { PageTitle } from '../ui/page-title';

export function PlanLockedPage({ route, user }: { route: RouteDef; user: GuardUser }) {
  const { t } = useTranslation();
  const page = t(`routes.${route.title}`);
  const why = route.standalone === 'techTeam' ? 'planLocked.techTeamPage' : 'planLocked.cloudPage';
  return (
    <Stack gap="md" data-testid="plan-locked">
      <PageTitle>{t('planLocked.title')}</PageTitle>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md" maw={640}>
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
            <Icon name="shield" size={26} />
          </ThemeIcon>
          <Text data-testid="plan-locked-why">{t(why, { page })}</Text>
          <Title order={2} size="h4">
            {t('planLocked.includesTitle')}
          </Title>
          <List data-testid="plan-locked-includes">
            {standaloneIncludes().map((r) => {
              const name = t(`routes.${r.title}`);
              return (
                <List.Item key={r.path}>
                  {r.techTeamOnly && !user.isTechTeam ? (
                    t('planLocked.byGatehouseTeam', { page: name })
                  ) : (
                    <Anchor component={Link} to={r.path}>
                      {name}
                    </Anchor>
                  )}
                </List.Item>
              );
            })}
          </List>
          <Title order={2} size="h4">
            {t('planLocked.upgradeTitle')}
          </Title>
          <Text>{t('planLocked.upgrade')}</Text>
          <Button component={Link} to="/sites" style={{ alignSelf: 'flex-start' }} data-testid="plan-locked-sites">
            {t('planLocked.goToSites')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
