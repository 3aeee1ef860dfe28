// /integration-duplicate (spec 1 §4): directory people who look like someone already
// here. Each is held back from the sync until the admin links them to that person (an email
// match can only be linked: an email is one person's) or creates a new person (a name match).
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { IntegrationWire } from '../../../../domain/integrations';
import { api } from '../../../api/client';
import { NeedsConnection } from '../../../ui/needs-connection';
import { PageTitle } from '../../../ui/page-title';
import { useIntegrationData, type DuplicateWire } from '../hooks/use-integration-data';

export function IntegrationDuplicatePage() {
  const { t } = useTranslation();
  const id = useSearchParams()[0].get('id') ?? '';
  const integ = useIntegrationData<IntegrationWire>(id ? `/integrations/${id}` : null);
  const dups = useIntegrationData<DuplicateWire[]>(id ? `/integrations/${id}/duplicates` : null);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<Record<string, 'link' | 'create'>>({});

  async function resolve(d: DuplicateWire, action: 'link' | 'create') {
    setBusy(d.external_id);
    setProblem(null);
    const res = await api.post(`/integrations/${id}/duplicates/resolve`, { external_id: d.external_id, action });
    setBusy(null);
    if (res.ok) setDone((m) => ({ ...m, [d.external_id]: action }));
    else
      setProblem(res.body?.errors?.action?.[0] ?? t(res.offline ? 'integrations.needsConnection' : 'errors.generic'));
  }

  const open = (dups.data ?? []).filter((d) => !done[d.external_id]);
  const view = integ.data
    ? `/view-integration/${integ.data.id}/${encodeURIComponent(integ.data.name)}`
    : '/integration';
  return (
    <Stack gap="md" data-testid="integration-duplicate" data-loaded={dups.data !== null} data-open={open.length}>
      <PageTitle>{t('integrations.duplicate.title')}</PageTitle>
      {dups.offline && !dups.data ? <NeedsConnection /> : null}
      <Text c="dimmed">{t('integrations.duplicate.intro', { name: integ.data?.name ?? '' })}</Text>
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      {dups.data && open.length === 0 ? (
        <Alert color="teal" data-testid="duplicates-none">
          {t('integrations.duplicate.none')}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {open.map((d) => (
          <Card key={d.external_id} withBorder radius="md" data-testid="duplicate-row" data-external-id={d.external_id}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600}>{d.directory.full_name}</Text>
                <Badge variant="light" color={d.match === 'email' ? 'orange' : 'blue'}>
                  {t(`integrations.duplicate.match.${d.match}`)}
                </Badge>
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('integrations.duplicate.directory', { email: d.directory.email })}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('integrations.duplicate.here', { name: d.person.full_name, email: d.person.email })}
              </Text>
              <Group gap="xs" wrap="wrap">
                <Button
                  size="sm"
                  onClick={() => void resolve(d, 'link')}
                  loading={busy === d.external_id}
                  data-testid="duplicate-link"
                >
                  {t('integrations.duplicate.link', { name: d.person.full_name })}
                </Button>
                {d.match === 'name' ? (
                  <Button
                    size="sm"
                    variant="light"
                    onClick={() => void resolve(d, 'create')}
                    disabled={busy === d.external_id}
                    data-testid="duplicate-create"
                  >
                    {t('integrations.duplicate.create')}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {Object.keys(done).length ? (
        <Text size="sm" data-testid="duplicates-resolved">
          {t('integrations.duplicate.resolved', { n: Object.keys(done).length })}
        </Text>
      ) : null}
      <Group gap="sm" wrap="wrap">
        <Button
          component={Link}
          to={view}
          variant={open.length ? 'default' : 'filled'}
          data-testid="duplicate-continue"
        >
          {t('integrations.review.toView')}
        </Button>
        <Button component={Link} to={`/integration-error?id=${id}`} variant="default">
          {t('integrations.review.toErrors')}
        </Button>
      </Group>
    </Stack>
  );
}
