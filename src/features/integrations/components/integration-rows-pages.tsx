// /integration-error and /integration-valid (spec 1 §4): after a sync, the rows the
// directory sent that could not be written (with why, from the sync log), and the people the
// integration now keeps in step — those the directory removed are archived and say so.
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../../../../domain/date-format';
import { customFieldText } from '../../../../domain/custom-fields';
import { textIn } from '../../../../domain/localized-text';
import type { IntegrationWire } from '../../../../domain/integrations';
import { NeedsConnection } from '../../../ui/needs-connection';
import { PageTitle } from '../../../ui/page-title';
import { useCustomTargets, type CustomTargetWire } from '../hooks/use-custom-targets';
import { useIntegrationData, type LinkedPeopleWire, type LogWire } from '../hooks/use-integration-data';
import { TableScroll } from '../../../ui/table-scroll';
import { EmptyRow } from '../../../ui/empty-row';

function ReviewLinks({ integ, id }: { integ: IntegrationWire | null; id: string }) {
  const { t } = useTranslation();
  const view = integ ? `/view-integration/${integ.id}/${encodeURIComponent(integ.name)}` : '/integration';
  return (
    <Group gap="sm" wrap="wrap">
      <Button component={Link} to={view}>
        {t('integrations.review.toView')}
      </Button>
      <Button component={Link} to={`/integration-duplicate?id=${id}`} variant="default">
        {t('integrations.review.toDuplicates')}
      </Button>
      <Button component={Link} to={`/sync-status?id=${id}`} variant="default">
        {t('integrations.review.toSync')}
      </Button>
    </Group>
  );
}

export function IntegrationErrorPage() {
  const { t, i18n } = useTranslation();
  const id = useSearchParams()[0].get('id') ?? '';
  const integ = useIntegrationData<IntegrationWire>(id ? `/integrations/${id}` : null);
  const logs = useIntegrationData<LogWire[]>(id ? `/integrations/${id}/logs` : null);
  // The latest run's problems: its warnings and errors (not its closing summary).
  const lastRun = logs.data?.find((l) => l.run_id)?.run_id;
  const rows = (logs.data ?? []).filter((l) => l.run_id === lastRun && l.level !== 'info' && l.code !== 'finished');
  return (
    <Stack gap="md" data-testid="integration-error" data-loaded={logs.data !== null}>
      <PageTitle>{t('integrations.error.title')}</PageTitle>
      {logs.offline && !logs.data ? <NeedsConnection /> : null}
      <Text c="dimmed">{t('integrations.error.intro', { name: integ.data?.name ?? '' })}</Text>
      {logs.data && rows.length === 0 && !lastRun ? (
        <Alert color="gray" data-testid="integration-error-never">
          {t('integrationScreens.neverSyncedRows')}
        </Alert>
      ) : null}
      {logs.data && rows.length === 0 && lastRun ? (
        <Alert color="teal" data-testid="integration-error-none">
          {t('integrations.error.none')}
        </Alert>
      ) : null}
      {rows.length ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            {rows.map((l) => (
              <Group key={l.id} gap="sm" wrap="nowrap" align="flex-start" data-testid="error-row">
                <Badge color={l.level === 'error' ? 'red' : 'yellow'} variant="light" style={{ flexShrink: 0 }}>
                  {t(`integrations.level.${l.level}`)}
                </Badge>
                <Stack gap={0} style={{ minInlineSize: 0 }}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t(`integrations.log.${l.code}`, l.params)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(l.at, i18n.language)}
                  </Text>
                </Stack>
              </Group>
            ))}
          </Stack>
        </Paper>
      ) : null}
      <ReviewLinks integ={integ.data} id={id} />
    </Stack>
  );
}

export function PeopleTable({
  people,
  fields = [],
  loaded = true,
}: {
  people: LinkedPeopleWire['people'];
  /** False while the list is loading: "no one" is said only of a list that came back empty. */
  loaded?: boolean;
  /** Custom fields by which the people's values are named (none: values are not shown). */
  fields?: CustomTargetWire[];
}) {
  const { t, i18n } = useTranslation();
  const fieldOf = new Map(fields.map((f) => [f.id, f]));
  const yesNo = (on: boolean) => t(on ? 'customFields.yes' : 'customFields.no');
  return (
    <TableScroll minWidth={520}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {['name', 'email', 'directoryId', 'state'].map((c) => (
              <Table.Th key={c}>{t(`integrations.people.${c}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loaded && people.length === 0 ? (
            <EmptyRow colSpan={4} testId="synced-people-empty">
              {t('integrationScreens.noPeople')}
            </EmptyRow>
          ) : null}
          {people.map((p) => (
            <Table.Tr key={p.id} data-testid="synced-person">
              <Table.Td>
                {p.full_name}
                {(p.custom_fields ?? [])
                  .filter((c) => fieldOf.has(c.custom_field_id))
                  .map((c) => (
                    <Text key={c.custom_field_id} size="xs" c="dimmed" data-testid="synced-person-custom">
                      {textIn(fieldOf.get(c.custom_field_id)!.name, i18n.language)}:{' '}
                      {customFieldText(c.type, c.value, yesNo)}
                    </Text>
                  ))}
              </Table.Td>
              <Table.Td>{p.email}</Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace" dir="ltr">
                  {p.external_id}
                </Text>
              </Table.Td>
              <Table.Td>
                {p.removed_at ? (
                  <Badge color="gray" variant="light" data-testid="person-removed">
                    {t('integrations.people.removed', { at: formatDateTime(p.removed_at, i18n.language) })}
                  </Badge>
                ) : (
                  <Badge color="teal" variant="light">
                    {t('integrations.people.inStep')}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

export function IntegrationValidPage() {
  const { t } = useTranslation();
  const id = useSearchParams()[0].get('id') ?? '';
  const integ = useIntegrationData<IntegrationWire>(id ? `/integrations/${id}` : null);
  const people = useIntegrationData<LinkedPeopleWire>(id ? `/integrations/${id}/people` : null);
  const fields = useCustomTargets(null).data ?? [];
  return (
    <Stack gap="md" data-testid="integration-valid" data-loaded={people.data !== null}>
      <PageTitle>{t('integrations.valid.title')}</PageTitle>
      {people.offline && !people.data ? <NeedsConnection /> : null}
      {people.data ? (
        <Text c="dimmed">{t('integrations.valid.intro', { n: people.data.total, removed: people.data.removed })}</Text>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <PeopleTable people={people.data?.people ?? []} fields={fields} loaded={people.data !== null} />
      </Paper>
      <ReviewLinks integ={integ.data} id={id} />
    </Stack>
  );
}
