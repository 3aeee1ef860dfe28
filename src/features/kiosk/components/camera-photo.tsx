// Takes a photo with the kiosk camera, scaled down to a JPEG data URL (the server checks
// uploads; the kiosk keeps photos small so they sync quickly): a visitor's face by default, or a
// page (a certificate) at a size that stays readable.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KButton } from './kit';

const FACE = { width: 250, height: 300 };

export function CameraPhoto({
  value,
  onChange,
  size = FACE,
  label,
  testId = 'kiosk-photo',
  className = 'gh-kiosk-photo',
}: {
  value: string | undefined;
  onChange: (dataUrl: string | undefined) => void;
  size?: { width: number; height: number };
  /** What the photo is of (the visitor's photo by default). */
  label?: string;
  testId?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const { width: WIDTH, height: HEIGHT } = size;
  const title = label ?? t('kiosk.person.photo');
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [failed, setFailed] = useState(false);
  // Capturing before the first frame would save a black picture.
  const [ready, setReady] = useState(false);
  useEffect(() => () => stream?.getTracks().forEach((track) => track.stop()), [stream]);
  useEffect(() => {
    if (stream && video.current) {
      video.current.srcObject = stream;
      void video.current.play().catch(() => undefined);
    }
  }, [stream]);

  async function open() {
    try {
      setReady(false);
      setStream(await navigator.mediaDevices.getUserMedia({ video: true }));
    } catch {
      setFailed(true);
    }
  }
  function capture() {
    const v = video.current;
    if (!v) return;
    const canvas = document.createElement('canvas');
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    const scale = Math.max(WIDTH / (v.videoWidth || WIDTH), HEIGHT / (v.videoHeight || HEIGHT));
    const w = (v.videoWidth || WIDTH) * scale;
    const h = (v.videoHeight || HEIGHT) * scale;
    canvas.getContext('2d')?.drawImage(v, (WIDTH - w) / 2, (HEIGHT - h) / 2, w, h);
    onChange(canvas.toDataURL('image/jpeg', 0.8));
    stream?.getTracks().forEach((track) => track.stop());
    setStream(null);
  }

  return (
    <div>
      <p className="gk-label">{title}</p>
      <div className="gk-row">
        {value ? <img src={value} alt={title} className={className} data-testid={`${testId}-taken`} /> : null}
        {stream ? (
          <video
            ref={video}
            className={className}
            muted
            playsInline
            aria-label={t('kiosk.identify.camera')}
            onLoadedData={() => setReady(true)}
          />
        ) : null}
        {stream ? (
          <KButton size="lg" onClick={capture} disabled={!ready} data-testid={`${testId}-capture`}>
            {t('kiosk.person.capture')}
          </KButton>
        ) : (
          <KButton size="lg" variant="light" onClick={() => void open()} data-testid={`${testId}-open`}>
            {value ? t('kiosk.person.retake') : t('kiosk.person.takePhoto')}
          </KButton>
        )}
        {value ? (
          <KButton size="lg" variant="subtle" onClick={() => onChange(undefined)}>
            {t('kiosk.person.removePhoto')}
          </KButton>
        ) : null}
      </div>
      {failed ? <p className="gk-error">{t('kiosk.identify.cameraError')}</p> : null}
    </div>
  );
}
