// Move, settings and delete dialogs of the /sites kiosk list, for one kiosk or several.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminResult } from './use-kiosk-admin';

export interface AreaOption {
  id: string;
  name: string;
  site_name: string;
}
export interface KioskItem {
  id: string;
  kiosk_name: string;
  area_id: string;
  area_name: string;
  state: 'online' | 'offline';
  last_seen_at: number | null;
  version: string | null;
  macAddress: string | null;
  android_serial: string | null;
  serial_number: string | null;
}
type Send = (method: 'PUT' | 'POST' | 'DELETE', path: string, body: unknown, toastKey: string) => Promise<AdminResult>;

export function MoveModal({
  kiosks,
  areas,
  send,
  onClose,
}: {
  kiosks: KioskItem[];
  areas: AreaOption[];
  send: Send;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [areaId, setAreaId] = useState<string | null>(null);
  useEffect(() => setAreaId(kiosks.length === 1 ? kiosks[0]!.area_id : null), [kiosks]);
  const groups = [...new Set(areas.map((a) => a.site_name))].map((site) => ({
    group: site,
    items: areas.filter((a) => a.site_name === site).map((a) => ({ value: a.id, label: a.name })),
  }));
  const one = kiosks.length === 1;
  async function submit() {
    if (!areaId) return;
    const r = one
      ? await send('PUT', `/kiosk_move/${kiosks[0]!.id}`, { area_id: areaId }, 'moved')
      : await send('PUT', '/kiosks_move', { kiosk_ids: kiosks.map((k) => k.id), area_id: areaId }, 'movedMany');
    if (r.ok) onClose();
  }
  return (
    <Modal
      opened={kiosks.length > 0}
      onClose={onClose}
      title={
        one
          ? t('kioskAdmin.move.titleOne', { name: kiosks[0]!.kiosk_name })
          : t('kioskAdmin.move.titleMany', { count: kiosks.length })
      }
    >
      <Stack>
        <Select
          label={t('kioskAdmin.move.area')}
          data={groups}
          value={areaId}
          onChange={setAreaId}
          searchable
          comboboxProps={{ withinPortal: true }}
          data-testid="kiosk-move-area"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('kioskAdmin.cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={!areaId} data-testid="kiosk-move-submit">
            {t('kioskAdmin.move.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const FIELDS = ['macAddress', 'android_serial', 'serial_number'] as const;

export function SettingsModal({ kiosks, send, onClose }: { kiosks: KioskItem[]; send: Send; onClose(): void }) {
  const { t } = useTranslation();
  const one = kiosks.length === 1 ? kiosks[0]! : null;
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  useEffect(() => {
    setErrors({});
    setValues(
      one
        ? {
            kiosk_name: one.kiosk_name,
            macAddress: one.macAddress ?? '',
            android_serial: one.android_serial ?? '',
            serial_number: one.serial_number ?? '',
          }
        : {},
    );
  }, [one, kiosks]);
  async function submit() {
    const hardware = Object.fromEntries(FIELDS.filter((f) => one || values[f]).map((f) => [f, values[f] ?? '']));
    const r = one
      ? await send('PUT', `/kiosk_setting/${one.id}`, { kiosk_name: values.kiosk_name ?? '', ...hardware }, 'settings')
      : await send('PUT', '/kiosks_setting', { kiosk_ids: kiosks.map((k) => k.id), ...hardware }, 'settings');
    if (r.ok) onClose();
    else setErrors(r.errors);
  }
  const field = (name: string) => ({
    label: t(`kioskAdmin.settings.${name}`),
    value: values[name] ?? '',
    maxLength: name === 'kiosk_name' ? 50 : 64,
    error: errors[name]?.[0] ? t(errors[name]![0]!) : undefined,
    // Read now: by the time React runs a queued updater the event's currentTarget is null.
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((s) => ({ ...s, [name]: value }));
    },
  });
  return (
    <Modal
      opened={kiosks.length > 0}
      onClose={onClose}
      title={
        one
          ? t('kioskAdmin.settings.titleOne', { name: one.kiosk_name })
          : t('kioskAdmin.settings.titleMany', { count: kiosks.length })
      }
    >
      <Stack>
        {one ? (
          <TextInput {...field('kiosk_name')} data-testid="kiosk-setting-name" />
        ) : (
          <Text size="sm" c="dimmed">
            {t('kioskAdmin.settings.manyHint')}
          </Text>
        )}
        {FIELDS.map((f) => (
          <TextInput key={f} {...field(f)} dir="ltr" />
        ))}
        {one ? (
          <Text size="sm" c="dimmed">
            {t('kioskAdmin.settings.version', { version: one.version ?? '—' })}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('kioskAdmin.cancel')}
          </Button>
          <Button onClick={() => void submit()} data-testid="kiosk-setting-submit">
            {t('kioskAdmin.settings.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function DeleteModal({ kiosk, send, onClose }: { kiosk: KioskItem | null; send: Send; onClose(): void }) {
  const { t } = useTranslation();
  async function submit() {
    if (kiosk && (await send('DELETE', `/deregister-kiosk/${kiosk.id}`, undefined, 'deleted')).ok) onClose();
  }
  return (
    <Modal opened={kiosk !== null} onClose={onClose} title={t('kioskAdmin.delete.title')}>
      <Stack>
        <Text>{t('kioskAdmin.delete.body', { name: kiosk?.kiosk_name ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('kioskAdmin.cancel')}
          </Button>
          <Button color="red" onClick={() => void submit()} data-testid="kiosk-delete-submit">
            {t('kioskAdmin.delete.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
