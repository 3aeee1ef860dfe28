// Small dialogs of the sites page: the geofence preview with signed-in positions, and the
// confirmation before removing a site or an area.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import type { SiteItem } from '../hooks/use-places';
import { GeofencePreview } from './geofence-preview';
import type { Point } from './geofence-math';

export function GeofenceModal({ site, onClose }: { site: SiteItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const [positions, setPositions] = useState<Point[]>([]);
  useEffect(() => {
    setPositions([]);
    if (!site) return;
    // Offline the circle still draws; the positions need the server.
    void api.get<{ data: Point[] }>(`/sites/${site.id}/positions`).then((r) => r.ok && setPositions(r.data.data));
  }, [site]);
  return (
    <Modal opened={site !== null} onClose={onClose} title={t('sites.geofence.title')} size="md">
      <Stack data-testid="geofence-modal">
        <Text fw={600}>{site?.name}</Text>
        <GeofencePreview
          name={site?.name ?? ''}
          centre={site && site.lat !== null && site.long !== null ? { lat: site.lat, long: site.long } : null}
          radius={site?.radius ?? null}
          positions={positions}
          zoom={site?.zoom}
        />
      </Stack>
    </Modal>
  );
}

export function ConfirmRemoveModal({
  name,
  kind,
  onClose,
  onConfirm,
}: {
  name: string | null;
  kind: 'site' | 'area';
  onClose(): void;
  onConfirm(): Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={name !== null}
      onClose={onClose}
      title={t(kind === 'site' ? 'sites.remove' : 'sites.areas.remove')}
      size="sm"
    >
      <Stack>
        <Text fw={600}>{t('sites.confirmRemove', { name: name ?? '' })}</Text>
        <Text size="sm" c="dimmed">
          {t('sites.confirmHint')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('sites.cancel')}
          </Button>
          <Button
            color="red"
            loading={busy}
            data-testid="remove-confirm"
            onClick={async () => {
              setBusy(true);
              await onConfirm();
              setBusy(false);
            }}
          >
            {t(kind === 'site' ? 'sites.remove' : 'sites.areas.remove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
