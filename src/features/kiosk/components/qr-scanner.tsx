// The camera QR scanner, a lazy chunk: @zxing/browser decodes frames from the kiosk camera.
import { useEffect, useRef } from 'react';
import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';
import type { Result } from '@zxing/library';
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
    const half = document.createElement('canvas');
    reader
      .decodeFromVideoDevice(undefined, video.current!, (read, _error, c) => {
        const result = read ?? (stopped || !video.current ? undefined : atHalfSize(reader, video.current, half));
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

/**
 * The frame again at half its size. zxing-js misplaces the sampling grid of some large codes
 * (zxing-js/library#653): 5–9 visitor QRs in 100, drawn clean at 4 px a module, are never read
 * however long it is held still. At half the size all but about 1 in 300 are read.
 */
function atHalfSize(
  reader: BrowserQRCodeReader,
  video: HTMLVideoElement,
  canvas: HTMLCanvasElement,
): Result | undefined {
  const width = Math.floor(video.videoWidth / 2);
  const height = Math.floor(video.videoHeight / 2);
  if (!width || !height) return undefined;
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d', { willReadFrequently: true })?.drawImage(video, 0, 0, width, height);
  try {
    return reader.decodeFromCanvas(canvas);
  } catch {
    return undefined; // nothing at this size either: the next frame is tried
  }
}
