// /kiosk-register: an admin signs in once (the session is never stored on the device), picks
// the area and names the kiosk; the server hands back the kiosk's own device token. Or, with no
// sign-in here, the device scans a pairing QR made on /sites and the code does the same.
import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Container, Paper, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../domain/errors';
import { registerKioskRequest } from '../../../../domain/kiosk';
import { readPairingQr } from '../../../../domain/kiosk-pairing';
import { parse } from '../../../../domain/validation';
import { login, logout } from '../../../api/auth';
import { createHttpClient } from '../../../api/http';
import { useDb } from '../../../db/db-context';
import { saveKiosk, type RegisterAnswer } from '../journey/kiosk-store';
import './kiosk.css';

// The camera scanner is its own chunk, loaded only when a pairing code is scanned.
const QrScanner = lazy(() => import('./qr-scanner').then((m) => ({ default: m.QrScanner })));

/** What the server's refusal of a pairing code means on this screen. */
const PAIR_REFUSAL: Record<number, Record<string, string>> = {
  404: { not_found: 'kioskPairing.unknown' },
  409: { link_used: 'kioskPairing.used', link_expired: 'kioskPairing.expired' },
};

interface AreaOption {
  id: string;
  name: string;
  site_name: string;
}

export function RegisterKiosk() {
  const { t } = useTranslation();
  const db = useDb();
  const [adminToken, setAdminToken] = useState<string | null>(null);
  const [areas, setAreas] = useState<AreaOption[]>([]);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [areaId, setAreaId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);
  const client = createHttpClient({ getToken: () => adminToken ?? undefined });

  async function signIn() {
    setBusy(true);
    setError(null);
    const r = await login(createHttpClient(), { email: email.trim(), password });
    if (!r.ok) {
      setBusy(false);
      return setError(r.status === 0 ? t('kiosk.register.offline') : (messageOf(r.body) ?? t('errors.generic')));
    }
    const token = r.data.data.access_token;
    const list = await createHttpClient({ getToken: () => token }).get<{ data: AreaOption[] }>('/kiosks/areas');
    setBusy(false);
    if (!list.ok) return setError(messageOf(list.body) ?? t('errors.action_not_allowed'));
    setAdminToken(token);
    setAreas(list.data.data);
  }

  async function register() {
    const body = { kiosk_name: name, area_id: areaId ?? '', version: import.meta.env.VITE_APP_VERSION ?? '0.1.0' };
    const parsed = parse(registerKioskRequest, body);
    setFieldErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return;
    setBusy(true);
    const r = await client.post<{ data: RegisterAnswer }>('/kiosk', parsed.value);
    if (!r.ok) {
      setBusy(false);
      setFieldErrors(r.body?.errors ?? {});
      return setError(messageOf(r.body) ?? t('errors.generic'));
    }
    await saveKiosk(db, r.data.data);
    kioskAdded();
    // The admin's session ends here: the kiosk runs on its own token from now on.
    await logout(client).catch(() => undefined);
  }

  async function scanned(text: string) {
    setScanning(false);
    const code = readPairingQr(text);
    if (!code) return setError(t('kioskPairing.notPairing'));
    setBusy(true);
    setError(null);
    const r = await createHttpClient().post<{ data: RegisterAnswer }>('/kiosk/pair', {
      code,
      version: import.meta.env.VITE_APP_VERSION ?? '0.1.0',
    });
    setBusy(false);
    if (!r.ok) {
      const key = PAIR_REFUSAL[r.status]?.[r.body?.code ?? ''];
      return setError(
        r.status === 0 ? t('kiosk.register.offline') : key ? t(key) : (messageOf(r.body) ?? t('errors.generic')),
      );
    }
    await saveKiosk(db, r.data.data);
    kioskAdded();
  }
  // Spec 2 §8 success toast, after registration and after pairing alike.
  function kioskAdded() {
    notifications.show({
      color: 'teal',
      message: t('sites.toasts.kioskAdded'),
      'data-testid': 'toast-kiosk-added',
    } as never);
  }

  const err = (f: string) => (fieldErrors[f]?.[0] ? t(fieldErrors[f]![0]!) : undefined);
  return (
    <div className="gh-kiosk" data-testid="kiosk-register">
      {/* w=100%: a centred flex item is otherwise as wide as its content and widens a 360 px phone. */}
      <Container size="sm" py="xl" w="100%">
        <Paper withBorder radius="md" p="xl">
          <Stack gap="lg">
            <Title order={1}>{t('kiosk.register.title')}</Title>
            <Text c="dimmed">{adminToken ? t('kiosk.register.pickArea') : t('kiosk.register.intro')}</Text>
            {error ? (
              <Alert color="red" data-testid="kiosk-register-error">
                {error}
              </Alert>
            ) : null}
            {!adminToken ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void signIn();
                }}
              >
                <Stack>
                  <TextInput
                    size="lg"
                    name="email"
                    type="email"
                    label={t('kiosk.register.email')}
                    value={email}
                    onChange={(e) => setEmail(e.currentTarget.value)}
                    required
                  />
                  <PasswordInput
                    size="lg"
                    name="password"
                    label={t('kiosk.register.password')}
                    value={password}
                    onChange={(e) => setPassword(e.currentTarget.value)}
                    required
                  />
                  <Button size="xl" type="submit" loading={busy} data-testid="kiosk-register-login">
                    {t('kiosk.register.signIn')}
                  </Button>
                  <Text ta="center" c="dimmed">
                    {t('kioskPairing.or')}
                  </Text>
                  {scanning ? (
                    <Stack data-testid="kiosk-pair-scanner">
                      <Suspense fallback={<Text c="dimmed">{t('kioskPairing.cameraStarting')}</Text>}>
                        <QrScanner
                          onDecoded={(text) => void scanned(text)}
                          onError={() => {
                            setScanning(false);
                            setError(t('kioskPairing.noCamera'));
                          }}
                        />
                      </Suspense>
                      <Button size="xl" variant="default" onClick={() => setScanning(false)}>
                        {t('kioskAdmin.cancel')}
                      </Button>
                    </Stack>
                  ) : (
                    <Button
                      size="xl"
                      variant="light"
                      loading={busy}
                      onClick={() => {
                        setError(null);
                        setScanning(true);
                      }}
                      data-testid="kiosk-pair-scan"
                    >
                      {t('kioskPairing.scan')}
                    </Button>
                  )}
                  <Text size="sm" c="dimmed">
                    {t('kioskPairing.scanHint')}
                  </Text>
                </Stack>
              </form>
            ) : (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void register();
                }}
              >
                <Stack>
                  <Select
                    size="lg"
                    label={t('kiosk.register.area')}
                    data={areas.map((a) => ({ value: a.id, label: `${a.site_name} · ${a.name}` }))}
                    value={areaId}
                    onChange={setAreaId}
                    error={err('area_id')}
                    data-testid="kiosk-register-area"
                    allowDeselect={false}
                  />
                  <TextInput
                    size="lg"
                    name="kiosk_name"
                    label={t('kiosk.register.name')}
                    value={name}
                    onChange={(e) => setName(e.currentTarget.value)}
                    error={err('kiosk_name')}
                    maxLength={50}
                    data-testid="kiosk-register-name"
                  />
                  <Button size="xl" type="submit" loading={busy} data-testid="kiosk-register-submit">
                    {t('kiosk.register.submit')}
                  </Button>
                </Stack>
              </form>
            )}
          </Stack>
        </Paper>
      </Container>
    </div>
  );
}
