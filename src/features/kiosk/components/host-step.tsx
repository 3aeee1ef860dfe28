// Host: search starts after a first name, a space and two letters; a message for the host;
// "no host" where the flow allows it.
import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hostSearchReady, searchHosts } from '../../../../domain/kiosk';
import type { KioskData, KioskFlow } from '../hooks/use-kiosk-data';
import type { Draft } from '../journey/draft';

interface Props { data: KioskData; flow: KioskFlow | undefined; onDone: (patch: Partial<Draft>) => void; onCancel: () => void }

export function HostStep({ data, flow, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [hostId, setHostId] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  // Hosts are the people who are not of the visiting type.
  const hosts = data.people.filter((p) => p.userTypeId !== flow?.userTypeId);
  const found = searchHosts(hosts, query);
  const host = hosts.find((h) => h.id === hostId);
  const allowNone = flow?.settings.allow_no_host ?? true;

  return (
    <Stack gap="lg" data-testid="kiosk-host">
      <Title order={2}>{t('kiosk.host.title')}</Title>
      {host ? (
        <Group><Badge size="xl" data-testid="kiosk-host-chosen">{host.fullName}</Badge><Button variant="subtle" size="lg" onClick={() => setHostId(null)}>{t('kiosk.host.change')}</Button></Group>
      ) : (
        <>
          <TextInput size="xl" label={t('kiosk.host.search')} description={t('kiosk.host.searchHint')} value={query}
            onChange={(e) => setQuery(e.currentTarget.value)} data-testid="kiosk-host-search" autoComplete="off" />
          {hostSearchReady(query) && found.length === 0 ? <Text c="dimmed">{t('kiosk.identify.noMatch')}</Text> : null}
          <Stack gap="xs">
            {found.map((h) => <Button key={h.id} size="xl" variant="default" className="gh-kiosk-person" data-testid="kiosk-host-match" onClick={() => setHostId(h.id)}>{h.fullName}</Button>)}
          </Stack>
        </>
      )}
      <Textarea size="lg" label={t('kiosk.host.message')} value={message} maxLength={500} onChange={(e) => setMessage(e.currentTarget.value)} data-testid="kiosk-host-message" />
      <div className="gh-kiosk-actions">
        <Button size="xl" variant="subtle" onClick={onCancel}>{t('kiosk.cancel')}</Button>
        <Group>
          {allowNone && !host ? <Button size="xl" variant="light" data-testid="kiosk-no-host" onClick={() => onDone({ hostId: null, hostMessage: '' })}>{t('kiosk.host.none')}</Button> : null}
          <Button size="xl" disabled={!host} data-testid="kiosk-next" onClick={() => onDone({ hostId, hostMessage: message.trim() })}>{t('kiosk.confirm')}</Button>
        </Group>
      </div>
    </Stack>
  );
}
