// The printable area QR: the server signs a token for the area with the company's
// key (GET /api/areas/:id/qr); kiosks and phones check it offline. Printed on A4 as a poster or
// on a 100 × 62 mm label; the page size follows the choice.
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import type { AreaItem, SiteItem } from '../hooks/use-places';
import './area-qr.css';

type Paper = 'a4' | 'label';
const PAGE: Record<Paper, string> = { a4: 'A4 portrait', label: '100mm 62mm' };
/** First-strong isolate: a Latin name inside an Arabic sentence keeps its own order. */
const isolate = (s: string) => `\u2068${s}\u2069`;

export function AreaQrModal({
  site,
  area,
  onClose,
}: {
  site: SiteItem | null;
  area: AreaItem | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [paper, setPaper] = useState<Paper>('a4');
  const [token, setToken] = useState<string | null>(null);
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    setToken(null);
    setImage(null);
    if (!area) return;
    void api.get<{ data: { token: string } }>(`/areas/${area.id}/qr`).then((r) => r.ok && setToken(r.data.data.token));
  }, [area]);
  useEffect(() => {
    if (!token) return;
    // The encoder loads when a code is shown, not with the page.
    void import('qrcode')
      .then((m) => m.default.toDataURL(token, { margin: 2, width: 600, errorCorrectionLevel: 'M' }))
      .then(setImage);
  }, [token]);

  return (
    <Modal opened={area !== null} onClose={onClose} title={t('sites.qr.title', { name: area?.name ?? '' })} size="md">
      <style>{`@page { size: ${PAGE[paper]}; margin: 8mm; }`}</style>
      <Stack>
        <Group justify="space-between" className="gh-area-qr-noprint">
          <Text size="sm" fw={500} id="qr-paper-label">
            {t('sites.qr.size')}
          </Text>
          <SegmentedControl
            aria-labelledby="qr-paper-label"
            value={paper}
            onChange={(v) => setPaper(v as Paper)}
            data={[
              { value: 'a4', label: t('sites.qr.a4') },
              { value: 'label', label: t('sites.qr.label') },
            ]}
            data-testid="area-qr-paper"
          />
        </Group>
        <QrSheet paper={paper} image={image} token={token} area={area} site={site} />
        {/* The copy that prints: straight under <body>, hidden on screen. */}
        {area
          ? createPortal(
              <div className="gh-area-qr-print" data-testid="area-qr-print-sheet">
                <QrSheet paper={paper} image={image} token={token} area={area} site={site} copy />
              </div>,
              document.body,
            )
          : null}
        <Text size="xs" c="dimmed" className="gh-area-qr-noprint">
          {t('sites.qr.hint')}
        </Text>
        <Group justify="flex-end" className="gh-area-qr-noprint">
          <Button variant="default" onClick={onClose}>
            {t('sites.cancel')}
          </Button>
          <Button onClick={() => window.print()} disabled={!image} data-testid="area-qr-print">
            {t('sites.qr.print')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function QrSheet({
  paper,
  image,
  token,
  area,
  site,
  copy = false,
}: {
  copy?: boolean;
  paper: Paper;
  image: string | null;
  token: string | null;
  area: AreaItem | null;
  site: SiteItem | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="gh-area-qr-sheet" data-paper={paper} data-testid={copy ? undefined : 'area-qr-sheet'}>
      {image ? (
        <img
          src={image}
          alt={t('sites.qr.scan', { area: area?.name ?? '' })}
          data-qr={token ?? ''}
          data-testid={copy ? undefined : 'area-qr'}
        />
      ) : (
        <div style={{ inlineSize: 240, blockSize: 240 }} />
      )}
      <div>
        <Text className="gh-area-qr-title" fw={700} size="xl">
          {area?.name}
        </Text>
        <Text className="gh-area-qr-line" size="sm">
          {site?.name}
        </Text>
        <Text className="gh-area-qr-line" size="sm" mt={4}>
          {t('sites.qr.scan', { area: isolate(area?.name ?? '') })}
        </Text>
      </div>
    </div>
  );
}
