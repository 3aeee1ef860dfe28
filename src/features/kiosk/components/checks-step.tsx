// Checks: temperature (empty means the default 36 °C; over 85 or with an F is Fahrenheit) and
// mask. The rules worker converts and compares with the flow's threshold.
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { KioskFlow } from '../hooks/use-kiosk-data';
import { getRules } from '../hooks/use-rules';
import type { Draft } from '../journey/draft';

interface Props { flow: KioskFlow | undefined; onDone: (patch: Partial<Draft>, stop?: boolean) => void; onCancel: () => void }

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
    <Stack gap="lg" data-testid="kiosk-checks">
      <Title order={2}>{t('kiosk.checks.title')}</Title>
      {s.temperature_check ? (
        <TextInput size="xl" label={t('kiosk.checks.temperature')} description={t('kiosk.checks.temperatureHint')} value={raw} placeholder="36.6"
          onChange={(e) => { setRaw(e.currentTarget.value); setInvalid(false); }} data-testid="kiosk-temperature" autoComplete="off"
          error={invalid ? t('kiosk.checks.invalid') : undefined} />
      ) : null}
      {s.mask_check ? (
        <div>
          <Text size="lg" fw={500} id="mask-q">{t('kiosk.checks.mask')}</Text>
          <Group mt="sm" role="radiogroup" aria-labelledby="mask-q">
            {[true, false].map((v) => (
              <Button key={String(v)} size="xl" role="radio" aria-checked={mask === v} variant={mask === v ? 'filled' : 'default'}
                data-testid={`kiosk-mask-${v ? 'yes' : 'no'}`} onClick={() => setMask(v)}>{t(v ? 'kiosk.compliance.yes' : 'kiosk.compliance.no')}</Button>
            ))}
          </Group>
        </div>
      ) : null}
      {s.temperature_check ? <Alert variant="light">{t('kiosk.checks.threshold', { value: s.temperature_threshold })}</Alert> : null}
      <div className="gh-kiosk-actions">
        <Button size="xl" variant="subtle" onClick={onCancel}>{t('kiosk.cancel')}</Button>
        <Button size="xl" onClick={() => void submit()} disabled={s.mask_check && mask === null} data-testid="kiosk-next">{t('kiosk.next')}</Button>
      </div>
    </Stack>
  );
}
