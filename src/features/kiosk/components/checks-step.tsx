// Checks: temperature (empty means the default 36 °C; over 85 or with an F is Fahrenheit) and
// mask. The rules worker converts and compares with the flow's threshold.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KioskFlow } from '../hooks/use-kiosk-data';
import { getRules } from '../hooks/use-rules';
import type { Draft } from '../journey/draft';
import { KAlert, KButton, KTextInput } from './kit';

interface Props {
  flow: KioskFlow | undefined;
  onDone: (patch: Partial<Draft>, stop?: boolean) => void;
  onCancel: () => void;
}

export function ChecksStep({ flow, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const [raw, setRaw] = useState('');
  const [mask, setMask] = useState<boolean | null>(null);
  const [invalid, setInvalid] = useState(false);
  const s = flow?.settings;
  if (!s) return null;

  async function submit() {
    const rules = getRules();
    let temperature: Draft['temperature'] = null;
    if (s!.temperature_check) {
      const reading = await rules.parseTemperature(raw);
      if (!reading) return setInvalid(true);
      const verdict = await rules.checkTemperature(raw, s!.temperature_threshold);
      temperature = { ...reading, threshold: s!.temperature_threshold, ok: verdict.ok };
    }
    const refused = (temperature && !temperature.ok) || (s!.mask_check && mask === false);
    onDone({ temperature, mask: s!.mask_check ? mask : null }, Boolean(refused));
  }

  return (
    <div className="gk-stack" data-testid="kiosk-checks">
      <h2>{t('kiosk.checks.title')}</h2>
      {s.temperature_check ? (
        <KTextInput
          size="xl"
          label={t('kiosk.checks.temperature')}
          description={t('kiosk.checks.temperatureHint')}
          value={raw}
          placeholder="36.6"
          onChange={(e) => {
            setRaw(e.currentTarget.value);
            setInvalid(false);
          }}
          data-testid="kiosk-temperature"
          autoComplete="off"
          error={invalid ? t('kiosk.checks.invalid') : undefined}
        />
      ) : null}
      {s.mask_check ? (
        <div>
          <p className="gk-lead gk-strong" id="mask-q">
            {t('kiosk.checks.mask')}
          </p>
          <div className="gk-row" role="radiogroup" aria-labelledby="mask-q">
            {[true, false].map((v) => (
              <KButton
                key={String(v)}
                role="radio"
                aria-checked={mask === v}
                variant={mask === v ? 'filled' : 'default'}
                data-testid={`kiosk-mask-${v ? 'yes' : 'no'}`}
                onClick={() => setMask(v)}
              >
                {t(v ? 'kiosk.compliance.yes' : 'kiosk.compliance.no')}
              </KButton>
            ))}
          </div>
        </div>
      ) : null}
      {s.temperature_check ? (
        <KAlert tone="blue">{t('kiosk.checks.threshold', { value: s.temperature_threshold })}</KAlert>
      ) : null}
      <div className="gh-kiosk-actions">
        <KButton variant="subtle" onClick={onCancel}>
          {t('kiosk.cancel')}
        </KButton>
        <KButton onClick={() => void submit()} disabled={s.mask_check && mask === null} data-testid="kiosk-next">
          {t('kiosk.next')}
        </KButton>
      </div>
    </div>
  );
}
