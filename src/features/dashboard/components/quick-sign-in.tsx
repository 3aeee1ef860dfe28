// Sign people in and out from the dashboard, online or offline, until the kiosk lands. Reads
// people, areas and sign-in events from IndexedDB; each tap is a sync mutation.
import { useMemo, useState } from 'react';
import { Badge, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { onSite } from '../../../../domain/presence';
import { useDb } from '../../../db/db-context';
import type { PersonRow, VisitEventRow } from '../../../db/schema';
import { useSync } from '../../../sync/sync-context';
import { useDeferredStart } from '../../../ui/use-deferred-start';

const SHOWN = 25;

// Stable empties while the first read runs, so the memos below do not recompute every render.
const NO_PEOPLE: PersonRow[] = [];
const NO_EVENTS: VisitEventRow[] = [];

export function QuickSignIn() {
  const { t } = useTranslation();
  const db = useDb();
  const sync = useSync();
  const [query, setQuery] = useState('');
  const [areaId, setAreaId] = useState<string | null>(null);
  // Read once the logbook above has been drawn. Without a search only the first rows are read:
  // these queries run again on every change to people, and a new device's first sync brings
  // people in pages of thousands (reading all 20,000 each time held that sync up by seconds).
  const started = useDeferredStart();
  const areas = useLiveQuery(() => db.areas.toArray(), [db]) ?? [];
  const needle = query.trim().toLocaleLowerCase();
  const searching = needle.length > 0;
  const first = useLiveQuery(
    () =>
      started && !searching
        ? db.people
            .orderBy('id')
            .filter((p) => !p.archived)
            .limit(SHOWN)
            .toArray()
        : NO_PEOPLE,
    [db, started, searching],
    NO_PEOPLE,
  );
  const everyone = useLiveQuery(
    () => (started && searching ? db.people.orderBy('id').toArray() : NO_PEOPLE),
    [db, started, searching],
    NO_PEOPLE,
  );
  const events = useLiveQuery(() => (started ? db.visitEvents.toArray() : []), [db, started]) ?? NO_EVENTS;
  const present = useMemo(() => onSite(events), [events]);
  const pendingPeople = useMemo(() => new Set(events.filter((e) => e.pending).map((e) => e.personId)), [events]);
  const area = areaId ?? areas[0]?.id ?? null;
  const shown = useMemo(
    () =>
      searching
        ? everyone.filter((p) => !p.archived && p.fullName.toLocaleLowerCase().includes(needle)).slice(0, SHOWN)
        : first,
    [searching, everyone, needle, first],
  );
  const nobody = searching ? everyone.length === 0 : first.length === 0;

  async function act(personId: string, kind: 'in' | 'out') {
    if (!sync || !area) return;
    const base = { eventId: uuidv7(), personId, at: Date.now() };
    await (kind === 'in'
      ? sync.record('visit.signIn', { ...base, areaId: area })
      : sync.record('visit.signOut', { ...base, areaId: area }));
  }

  return (
    <Paper withBorder radius="md" p="lg" data-testid="quick-sign-in">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4">
          {t('quickSignIn.title')}
        </Title>
        <Badge variant="light" data-testid="on-site-count">
          {t('quickSignIn.onSite', { count: present.size })}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('quickSignIn.hint')}
      </Text>
      <Group grow mb="sm" wrap="wrap">
        <TextInput label={t('quickSignIn.search')} value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
        <Select
          label={t('quickSignIn.area')}
          data={areas.map((a) => ({ value: a.id, label: a.name }))}
          value={area}
          onChange={setAreaId}
          allowDeselect={false}
        />
      </Group>
      {nobody ? (
        <Text c="dimmed">{t('quickSignIn.noPeople')}</Text>
      ) : (
        <Stack gap={0}>
          {shown.map((p) => {
            const here = present.has(p.id);
            return (
              <Group
                key={p.id}
                className="gh-person-row"
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                py="xs"
                data-testid="person-row"
                data-person-id={p.id}
                data-on-site={here}
              >
                <Stack gap={2} miw={0}>
                  <Text fw={500} truncate>
                    {p.fullName}
                  </Text>
                  <Group gap={6}>
                    <Badge color={here ? 'teal' : 'gray'} variant="light">
                      {here ? t('quickSignIn.here') : t('quickSignIn.away')}
                    </Badge>
                    {pendingPeople.has(p.id) ? (
                      <Text size="xs" c="yellow.9">
                        {t('quickSignIn.waiting')}
                      </Text>
                    ) : null}
                  </Group>
                </Stack>
                {here ? (
                  <Button
                    size="sm"
                    variant="light"
                    color="orange"
                    data-testid="sign-out-button"
                    onClick={() => void act(p.id, 'out')}
                    disabled={!sync}
                  >
                    {t('quickSignIn.signOut')}
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    data-testid="sign-in-button"
                    onClick={() => void act(p.id, 'in')}
                    disabled={!sync || !area}
                  >
                    {t('quickSignIn.signIn')}
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
