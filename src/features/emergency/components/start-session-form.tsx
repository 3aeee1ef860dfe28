// Starting a session for chosen sites: a sync mutation, so it works offline; the page then
// opens the new session. Two wardens starting one offline end up in one incident (merge rule).
import { useState } from 'react';
import { Button, Chip, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { useSync } from '../../../sync/sync-context';
import type { Place } from '../data/use-emergency';
import { useClock } from './format';
import { sessionPath } from '../../../../domain/warden-landing';
import { ToggleChip } from '../../../ui/toggle-chip';

export function StartSessionForm({ sites }: { sites: Place[] }) {
  const { t } = useTranslation();
  const sync = useSync();
  const navigate = useNavigate();
  const { time } = useClock();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start() {
    if (!sync) return;
    if (chosen.length === 0) return setError(t('emergency.sessions.chooseSite'));
    setBusy(true);
    const at = Date.now();
    const session = {
      sessionId: uuidv7(),
      name: name.trim() || t('emergency.sessions.defaultName', { time: time(at) }),
      siteIds: chosen,
      at,
    };
    const result = await sync.record('emergency.start', session);
    setBusy(false);
    if (!result.ok)
      return setError(
        Object.values(result.errors)
          .flat()
          .map((k) => t(k))
          .join(' '),
      );
    notifications.show({ color: 'red', message: t('emergency.toast.started') });
    navigate(sessionPath({ id: session.sessionId, name: session.name }));
  }

  return (
    <Paper withBorder radius="md" p="md" data-testid="start-session">
      <Title order={2} size="h4" mb="sm">
        {t('emergency.sessions.startTitle')}
      </Title>
      <Stack gap="sm">
        <TextInput
          label={t('emergency.sessions.name')}
          placeholder={t('emergency.sessions.defaultName', { time: time(Date.now()) })}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={50}
          data-testid="session-name"
        />
        <div>
          <Text size="sm" fw={500} mb={6}>
            {t('emergency.sessions.sites')}
          </Text>
          <Chip.Group
            multiple
            value={chosen}
            onChange={(v) => {
              setChosen(v);
              setError(null);
            }}
          >
            <Group gap="xs">
              {sites.map((s) => (
                <ToggleChip key={s.id} value={s.id} data-testid="site-chip">
                  {s.name}
                </ToggleChip>
              ))}
            </Group>
          </Chip.Group>
          {error ? (
            <Text c="red" size="sm" mt={6} role="alert">
              {error}
            </Text>
          ) : null}
        </div>
        <Group>
          <Button
            color="red"
            size="md"
            onClick={() => void start()}
            loading={busy}
            disabled={!sync}
            data-testid="start-session-button"
          >
            {t('emergency.sessions.start')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
