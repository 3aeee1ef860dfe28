// Takes a visitor photo with the kiosk camera, scaled down to a small JPEG data URL (the
// server checks uploads; the kiosk keeps photos small so they sync quickly).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KButton } from './kit';

const WIDTH = 250;
const HEIGHT = 300;

export function CameraPhoto({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (dataUrl: string | undefined) => void;
}) {
  const { t } = useTranslation();
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
      <p className="gk-label">{t('kiosk.person.photo')}</p>
      <div className="gk-row">
        {value ? (
          <img src={value} alt={t('kiosk.person.photo')} className="gh-kiosk-photo" data-testid="kiosk-photo-taken" />
        ) : null}
        {stream ? (
          <video
            ref={video}
            className="gh-kiosk-photo"
            muted
            playsInline
            aria-label={t('kiosk.identify.camera')}
            onLoadedData={() => setReady(true)}
          />
        ) : null}
        {stream ? (
          <KButton size="lg" onClick={capture} disabled={!ready} data-testid="kiosk-photo-capture">
            {t('kiosk.person.capture')}
          </KButton>
        ) : (
          <KButton size="lg" variant="light" onClick={() => void open()} data-testid="kiosk-photo-open">
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
