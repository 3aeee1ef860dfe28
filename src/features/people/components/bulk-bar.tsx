// Actions on the selected users: archive, activate, move to a user type, apply a label (or
// create one first). Shown only while someone is selected; it stays at the foot of the screen
// so the rows do not move when the first one is ticked.
import { useState } from 'react';
import { Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSend } from '../hooks/use-send';

interface Props {
  selected: string[];
  types: Array<{ id: string; name: string }>;
  labels: Array<{ id: string; name: string }>;
  onDone(): void;
  onLabelCreated(): void;
}

export function BulkBar({ selected, types, labels, onDone, onLabelCreated }: Props) {
  const { t } = useTranslation();
  const send = useSend();
  const [typeId, setTypeId] = useState<string | null>(null);
  const [labelId, setLabelId] = useState<string | null>(null);
  const [newLabel, setNewLabel] = useState('');
  const [labelError, setLabelError] = useState<string | undefined>();
  const run = async (method: string, path: string, body: unknown, toast?: string) => {
    if ((await send(method, path, body, toast)).ok) onDone();
  };

  async function createLabel() {
    const res = await send<{ id: string }>('POST', '/label', { name: newLabel });
    if (res.ok) {
      setNewLabel('');
      setLabelError(undefined);
      setLabelId(res.data.id);
      onLabelCreated();
    } else setLabelError(res.errors.name?.join(' '));
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      shadow="md"
      pos="sticky"
      style={{ insetBlockEnd: 'var(--mantine-spacing-xs)', zIndex: 2 }}
      role="region"
      aria-label={t('people.selected', { count: selected.length })}
      data-testid="bulk-bar"
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Text size="sm" fw={600} miw={110} aria-live="polite" data-testid="bulk-count">
          {t('people.selected', { count: selected.length })}
        </Text>
        <Button
          size="sm"
          variant="light"
          onClick={() => void run('PUT', '/users_active', { user_ids: selected, active: 0 }, t('people.toasts.status'))}
          data-testid="bulk-archive"
        >
          {t('people.archive')}
        </Button>
        <Button
          size="sm"
          variant="light"
          onClick={() => void run('PUT', '/users_active', { user_ids: selected, active: 1 }, t('people.toasts.status'))}
        >
          {t('people.activate')}
        </Button>
        <Button
          size="sm"
          variant="light"
          color="orange"
          onClick={() =>
            void run('POST', '/mass-action-apply-revoke-users', { user_ids: selected }, t('invites.revoked'))
          }
          data-testid="bulk-revoke"
        >
          {t('invites.revoke')}
        </Button>
        <Group gap={6} align="flex-end" wrap="nowrap">
          <Select
            size="sm"
            label={t('people.moveTo')}
            data={types.map((ty) => ({ value: ty.id, label: ty.name }))}
            value={typeId}
            onChange={setTypeId}
            w={160}
            data-testid="bulk-type"
          />
          <Button
            size="sm"
            variant="light"
            disabled={!typeId}
            onClick={() =>
              void run('PUT', '/users_usertype', { user_ids: selected, user_type_id: typeId }, t('people.toasts.moved'))
            }
            data-testid="bulk-move"
          >
            {t('people.move')}
          </Button>
        </Group>
        <Group gap={6} align="flex-end" wrap="nowrap">
          <Select
            size="sm"
            label={t('people.label')}
            data={labels.map((l) => ({ value: l.id, label: l.name }))}
            value={labelId}
            onChange={setLabelId}
            w={150}
          />
          <Button
            size="sm"
            variant="light"
            disabled={!labelId}
            onClick={() =>
              void run(
                'POST',
                '/mass_action_apply_labels',
                { user_ids: selected, label_ids: [labelId] },
                t('people.toasts.labelled'),
              )
            }
          >
            {t('people.applyLabel')}
          </Button>
        </Group>
        <Group gap={6} align="flex-end" wrap="nowrap">
          <TextInput
            size="sm"
            label={t('people.newLabel')}
            value={newLabel}
            onChange={(e) => setNewLabel(e.currentTarget.value)}
            error={labelError}
            w={150}
          />
          <Button size="sm" variant="default" disabled={!newLabel.trim()} onClick={() => void createLabel()}>
            {t('people.createLabel')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
