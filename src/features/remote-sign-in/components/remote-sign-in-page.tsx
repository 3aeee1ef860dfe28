// /remote-sign-in: a person signs in or out from their phone inside the site's geofence.
// The phone shows the fix's accuracy and checks the circle with domain/geofence.ts
// first; the server checks again with the same function and has the last word.
import { useState } from 'react';
import { Alert, Badge, Button, Loader, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkGeofence } from '../../../../domain/geofence';
import { formatTime } from '../../../../domain/date-format';
import { PageTitle } from '../../../ui/page-title';
import { NeedsConnection } from '../../../ui/needs-connection';
import { clearFormError, showFormSuccess } from '../../../ui/form-toasts';
import { usePosition } from '../hooks/use-position';
import { useRemoteSignIn } from '../hooks/use-remote-sign-in';

export function RemoteSignInPage() {
  const { t, i18n } = useTranslation();
  const { data, failed, send } = useRemoteSignIn();
  const { state, locate } = usePosition();
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (!data) return failed ? <NeedsConnection /> : <Loader aria-label={t('remoteSignIn.title')} />;
  const current = data.current;
  const areaId = current?.area_id ?? chosen ?? data.areas[0]?.id ?? null;
  const area = data.areas.find((a) => a.id === areaId) ?? null;
  const fix = state.kind === 'fix' ? state.fix : null;
  const check = fix && area ? checkGeofence(area.geofence, fix) : null;
  const currentName = current ? (data.areas.find((a) => a.id === current.area_id)?.name ?? '—') : null;

  async function submit(action: 'in' | 'out') {
    if (!fix || !area) return;
    setBusy(true);
    setRefusal(null);
    const res = await send({ area_id: area.id, action, ...fix });
    setBusy(false);
    if (res.ok) showFormSuccess(t(action === 'in' ? 'remoteSignIn.signedIn' : 'remoteSignIn.signedOut'));
    else {
      // Translated here from the code, in the page's language; the distance is the phone's own
      // measure with the same function the server used on the same position.
      const code = res.body?.code;
      const message = res.offline
        ? t('remoteSignIn.offline')
        : code === 'outside_geofence'
          ? t('errors.outside_geofence', { distance: check?.distance ?? '—' })
          : code && i18n.exists(`errors.${code}`)
            ? t(`errors.${code}`)
            : (res.body?.message ?? t('errors.generic'));
      // Said once, beside the button (a toast too would cover the page with the same words).
      clearFormError();
      setRefusal(message);
    }
  }

  return (
    <Stack gap="md" maw={520} data-testid="remote-sign-in">
      <PageTitle>{t('remoteSignIn.title')}</PageTitle>
      <Text c="dimmed">{t('remoteSignIn.intro')}</Text>
      {data.areas.length === 0 ? (
        <Alert color="gray" data-testid="remote-no-areas">
          {t('remoteSignIn.noAreas')}
        </Alert>
      ) : (
        <>
          <Paper withBorder radius="md" p="md" data-testid="remote-state">
            {current ? (
              <Text fw={600}>
                {t('remoteSignIn.signedInAt', { area: currentName, time: formatTime(current.at, i18n.language) })}
              </Text>
            ) : (
              <Text>{t('remoteSignIn.notSignedIn')}</Text>
            )}
          </Paper>
          <NativeSelect
            label={t('remoteSignIn.area')}
            size="md"
            value={areaId ?? ''}
            disabled={Boolean(current)}
            onChange={(e) => setChosen(e.currentTarget.value)}
            data={data.areas.map((a) => ({ value: a.id, label: `${a.site_name} · ${a.name}` }))}
          />
          <Button size="lg" variant="light" onClick={locate} loading={state.kind === 'locating'} fullWidth>
            {state.kind === 'locating' ? t('remoteSignIn.locating') : t('remoteSignIn.locate')}
          </Button>
          {state.kind === 'failed' ? (
            <Alert color="red" role="alert">
              {t(`remoteSignIn.${state.reason}`)}
            </Alert>
          ) : null}
          {fix ? (
            <Badge size="lg" variant="light" data-testid="remote-accuracy">
              {t('remoteSignIn.accuracy', { accuracy: fix.accuracy })}
            </Badge>
          ) : null}
          {check ? (
            <Alert color={check.inside ? 'teal' : 'orange'} data-testid="remote-geofence" role="status">
              {check.inside
                ? t('remoteSignIn.inside', { distance: check.distance })
                : check.distance === null
                  ? t('remoteSignIn.noGeofence')
                  : t('remoteSignIn.outside', { distance: check.distance })}
            </Alert>
          ) : null}
          {refusal ? (
            <Alert color="red" role="alert" data-testid="remote-refusal">
              {refusal}
            </Alert>
          ) : null}
          <Button
            size="lg"
            fullWidth
            color={current ? 'orange' : 'teal'}
            disabled={!fix || !area}
            loading={busy}
            onClick={() => void submit(current ? 'out' : 'in')}
            data-testid="remote-submit"
          >
            {current ? t('remoteSignIn.signOut') : t('remoteSignIn.signIn')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('remoteSignIn.positionKept')}
          </Text>
        </>
      )}
    </Stack>
  );
}
