// /sites "Pair a kiosk": the admin picks the area and names the kiosk; the server makes a
// one-time code and this dialog shows it as a QR (with when it stops working) for the device's
// camera on /kiosk-register. The QR text is also on the element (data-qr) for tests.
import { useEffect, useState } from 'react';
import { Alert, Button, Center, Group, Image, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../domain/errors';
import { createPairingRequest } from '../../../../domain/kiosk-pairing';
import { parse } from '../../../../domain/validation';
import { api } from '../../../api/client';
import type { AreaOption } from './kiosk-admin-modals';
import { formatTime } from '../../../../domain/date-format';

/** First-strong isolate: a Latin area name inside an Arabic sentence keeps its own order. */
const isolate = (s: string) => `\u2068${s}\u2069`;

interface Pairing {
  qr: string;
  expires_at: number;
  kiosk_name: string;
  area_name: string;
  site_name: string;
}

export function PairKioskModal({ opened, areas, onClose }: { opened: boolean; areas: AreaOption[]; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [areaId, setAreaId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pairing, setPairing] = useState<Pairing | null>(null);
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setAreaId(null);
    setName('');
    setErrors({});
    setProblem(null);
    setPairing(null);
    setImage(null);
  }, [opened]);
  useEffect(() => {
    if (!pairing) return;
    // The QR encoder is loaded when a code is shown, not with the page.
    void import('qrcode')
      .then((m) => m.default.toDataURL(pairing.qr, { margin: 2, width: 280, errorCorrectionLevel: 'M' }))
      .then(setImage);
  }, [pairing]);

  const groups = [...new Set(areas.map((a) => a.site_name))].map((site) => ({
    group: site,
    items: areas.filter((a) => a.site_name === site).map((a) => ({ value: a.id, label: a.name })),
  }));
  async function submit() {
    const parsed = parse(createPairingRequest, { kiosk_name: name, area_id: areaId ?? '' });
    setErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return;
    setBusy(true);
    setProblem(null);
    const r = await api.post<{ data: Pairing }>('/kiosk/pairing', parsed.value);
    setBusy(false);
    if (r.ok) return setPairing(r.data.data);
    setErrors(r.body?.errors ?? {});
    setProblem(r.status === 0 ? t('errors.offline_config') : (messageOf(r.body) ?? t('errors.generic')));
  }
  const err = (f: string) => (errors[f]?.[0] ? t(errors[f]![0]!) : undefined);
  const time = (ms: number) => formatTime(ms, i18n.language);

  return (
    <Modal opened={opened} onClose={onClose} title={t('kioskPairing.title')} size="md">
      {pairing ? (
        <Stack align="stretch" data-testid="kiosk-pairing-result">
          <Text>
            {t('kioskPairing.scanOnDevice', {
              name: isolate(pairing.kiosk_name),
              place: isolate(`${pairing.site_name} · ${pairing.area_name}`),
            })}
          </Text>
          <Center>
            {image ? (
              <Image
                src={image}
                w={280}
                h={280}
                alt={t('kioskPairing.qrAlt')}
                data-testid="kiosk-pairing-qr"
                data-qr={pairing.qr}
              />
            ) : (
              <div style={{ inlineSize: 280, blockSize: 280 }} />
            )}
          </Center>
          <Text fw={600} ta="center" data-testid="kiosk-pairing-expiry">
            {t('kioskPairing.expires', { time: time(pairing.expires_at) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('kioskPairing.oneTime')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('kioskPairing.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text size="sm" c="dimmed">
              {t('kioskPairing.intro')}
            </Text>
            {problem ? (
              <Alert color="red" data-testid="kiosk-pairing-error">
                {problem}
              </Alert>
            ) : null}
            <Select
              label={t('kiosk.register.area')}
              data={groups}
              value={areaId}
              onChange={setAreaId}
              searchable
              error={err('area_id')}
              comboboxProps={{ withinPortal: true }}
              data-testid="kiosk-pairing-area"
              allowDeselect={false}
            />
            <TextInput
              label={t('kiosk.register.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={50}
              error={err('kiosk_name')}
              data-testid="kiosk-pairing-name"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('kioskAdmin.cancel')}
              </Button>
              <Button type="submit" loading={busy} data-testid="kiosk-pairing-submit">
                {t('kioskPairing.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
