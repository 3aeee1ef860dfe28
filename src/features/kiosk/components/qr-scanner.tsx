// The camera QR scanner, a lazy chunk: @zxing/browser decodes frames from the kiosk camera.
import { useEffect, useRef } from 'react';
import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';
import { useTranslation } from 'react-i18next';

export function QrScanner({
  onDecoded,
  onError,
}: {
  onDecoded: (text: string) => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const done = useRef(onDecoded);
  done.current = onDecoded;
  const failed = useRef(onError);
  failed.current = onError;
  useEffect(() => {
    let controls: IScannerControls | null = null;
    let stopped = false;
    const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
    reader
      .decodeFromVideoDevice(undefined, video.current!, (result, _error, c) => {
        if (result && !stopped) {
          stopped = true;
          c.stop();
          done.current(result.getText());
        }
      })
      .then((c) => {
        controls = c;
        if (stopped) c.stop();
      })
      .catch((error: unknown) => failed.current(error));
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, []);
  return (
    <video
      ref={video}
      className="gh-kiosk-video"
      muted
      playsInline
      aria-label={t('kiosk.identify.camera')}
      data-testid="kiosk-video"
    />
  );
}
