// Which channels tell a person their visitor has arrived: on a person's profile
// (their own choice) and on a user type (its default). Nothing ticked: the company's plan for
// everyone. Saved at once on the server (the sender reads it there), so it needs a connection.
import { useEffect, useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_CHANNELS } from '../../domain/schemas/notifications';
import { api } from '../api/client';

interface Props {
  url: string;
  testId?: string;
  /** An i18n key; the person's wording by default. */
  label?: string;
}

export function ChannelChoice({ url, testId = 'channel-choice', label = 'channelChoice.label' }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [saved, setSaved] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  useEffect(() => {
    void api
      .get<{ data: { channels: string[] | null } }>(url)
      .then((r) => setChosen(r.ok ? (r.data.data.channels ?? []) : []));
  }, [url]);
  if (chosen === null) return null;
  async function save() {
    setSaved('busy');
    const r = await api.request('PUT', url, { body: { channels: chosen } });
    setSaved(r.ok ? 'done' : 'failed');
  }
  return (
    <Stack gap="xs" mt="md" data-testid={testId}>
      <Checkbox.Group
        label={t(label)}
        description={t('channelChoice.hint')}
        value={chosen}
        onChange={(v) => {
          setChosen(v);
          setSaved('idle');
        }}
      >
        <Group gap="md" mt={6}>
          {NOTIFICATION_CHANNELS.map((c) => (
            <Checkbox
              key={c}
              value={c}
              label={t(`notifications.channels.${c}`)}
              styles={{ body: { minBlockSize: 44, alignItems: 'center' } }}
            />
          ))}
        </Group>
      </Checkbox.Group>
      <Group gap="sm">
        <Button variant="light" loading={saved === 'busy'} onClick={() => void save()} data-testid={`${testId}-save`}>
          {t('channelChoice.save')}
        </Button>
        {saved === 'done' ? (
          <Text size="sm" c="teal.8" role="status">
            {t('channelChoice.saved')}
          </Text>
        ) : saved === 'failed' ? (
          <Text size="sm" c="red.8" role="alert">
            {t('channelChoice.failed')}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}

/** A table row's way in (the user types list has no edit form): a button opening the choice. */
export function ChannelChoiceButton({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="subtle" size="compact-sm" mih={44} onClick={() => setOpen(true)} data-testid="type-channels">
        {t('channelChoice.button')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title}>
        {open ? <ChannelChoice url={url} testId="type-channel-choice" label="channelChoice.typeLabel" /> : null}
      </Modal>
    </>
  );
}
