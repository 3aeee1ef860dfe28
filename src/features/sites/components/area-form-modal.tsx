// Add or edit an area (spec 1 §3 "Site and area"): parent area, geofencing, local
// sync IP and port, auto sign-out mode, login mode and the fire alarm, which the same schema as
// the server refuses without the local sync IP, port and an IO port.
import { useEffect, useState } from 'react';
import {
  Button,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { areaRequest, AUTO_SIGN_OUT_MODES, LOGIN_MODES, type FireAlarm } from '../../../../domain/places';
import { parse } from '../../../../domain/validation';
import type { AreaItem, SendResult, SiteItem } from '../hooks/use-places';

const MODE_KEY: Record<string, string> = {
  'after 24 hours': 'after24',
  'at midnight': 'midnight',
  none: 'none',
  'sign in/sign out': 'signInOut',
  'remote sign in/out': 'remoteSignInOut',
  'check in only': 'checkInOnly',
  'remote check in only': 'remoteCheckInOnly',
};
const noFire: FireAlarm = {
  active_io_port: null,
  passive_io_port: null,
  high_voltage_threshold: 12,
  action_on_fire: 'none',
  trigger_on: 'high',
};
type Draft = Omit<AreaItem, 'id' | 'site_id' | 'fire_alarm' | 'local_sync_port'> & {
  local_sync_port: number | string;
  fire: boolean;
  fire_alarm: FireAlarm;
};
const blank: Draft = {
  name: '',
  parent_area_id: null,
  geofencing: false,
  local_sync_ip: '',
  local_sync_port: '',
  auto_sign_out_mode: 'none',
  login_mode: 'sign in/sign out',
  fire: false,
  fire_alarm: noFire,
};
const port = (x: number | string) => (typeof x === 'number' ? x : null);

export function AreaFormModal({
  site,
  area,
  opened,
  onClose,
  save,
}: {
  site: SiteItem | null;
  area: AreaItem | null;
  opened: boolean;
  onClose(): void;
  save(body: unknown): Promise<SendResult>;
}) {
  const { t } = useTranslation();
  const [d, setD] = useState<Draft>(blank);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setErrors({});
    setD(
      area
        ? {
            ...area,
            local_sync_ip: area.local_sync_ip ?? '',
            local_sync_port: area.local_sync_port ?? '',
            fire: area.fire_alarm !== null,
            fire_alarm: area.fire_alarm ?? noFire,
          }
        : blank,
    );
  }, [opened, area]);
  const set = <K extends keyof Draft>(k: K, value: Draft[K]) => setD((x) => ({ ...x, [k]: value }));
  const setFire = <K extends keyof FireAlarm>(k: K, value: FireAlarm[K]) =>
    setD((x) => ({ ...x, fire_alarm: { ...x.fire_alarm, [k]: value } }));
  const err = (f: string) => (errors[f]?.[0] ? t(errors[f]![0]!) : undefined);
  const parents = (site?.areas ?? []).filter((a) => a.id !== area?.id).map((a) => ({ value: a.id, label: a.name }));

  async function submit() {
    const { fire, ...rest } = d;
    const body = {
      name: rest.name,
      parent_area_id: rest.parent_area_id,
      geofencing: rest.geofencing,
      local_sync_ip: rest.local_sync_ip || null,
      local_sync_port: port(rest.local_sync_port),
      auto_sign_out_mode: rest.auto_sign_out_mode,
      login_mode: rest.login_mode,
      fire_alarm: fire ? rest.fire_alarm : null,
    };
    const parsed = parse(areaRequest, body);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return;
    setBusy(true);
    const r = await save(parsed.value);
    setBusy(false);
    if (r.ok) onClose();
    else setErrors(r.errors);
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t(area ? 'sites.areas.edit' : 'sites.areas.add')} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="area-form"
      >
        <Stack gap="sm">
          <TextInput
            label={t('sites.areas.name')}
            value={d.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            maxLength={50}
            error={err('name')}
            data-testid="area-name"
          />
          <Select
            label={t('sites.areas.parent')}
            data={parents}
            value={d.parent_area_id}
            onChange={(v) => set('parent_area_id', v)}
            placeholder={t('sites.areas.noParent')}
            clearable
            error={err('parent_area_id')}
            comboboxProps={{ withinPortal: true }}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label={t('sites.areas.loginMode')}
              data={LOGIN_MODES.map((m) => ({ value: m, label: t(`sites.loginModes.${MODE_KEY[m]}`) }))}
              value={d.login_mode}
              onChange={(v) => v && set('login_mode', v)}
              allowDeselect={false}
              error={err('login_mode')}
              comboboxProps={{ withinPortal: true }}
              data-testid="area-login-mode"
            />
            <Select
              label={t('sites.areas.autoSignOut')}
              data={AUTO_SIGN_OUT_MODES.map((m) => ({ value: m, label: t(`sites.autoSignOutModes.${MODE_KEY[m]}`) }))}
              value={d.auto_sign_out_mode}
              onChange={(v) => v && set('auto_sign_out_mode', v)}
              allowDeselect={false}
              error={err('auto_sign_out_mode')}
              comboboxProps={{ withinPortal: true }}
              data-testid="area-auto-sign-out"
            />
          </SimpleGrid>
          <Switch
            label={t('sites.areas.geofencing')}
            checked={d.geofencing}
            onChange={(e) => set('geofencing', e.currentTarget.checked)}
            error={err('geofencing')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t('sites.areas.localSyncIp')}
              value={d.local_sync_ip ?? ''}
              onChange={(e) => set('local_sync_ip', e.currentTarget.value)}
              dir="ltr"
              error={err('local_sync_ip')}
              data-testid="area-sync-ip"
            />
            <NumberInput
              label={t('sites.areas.localSyncPort')}
              value={d.local_sync_port}
              onChange={(v) => set('local_sync_port', v)}
              allowDecimal={false}
              min={1}
              max={65535}
              error={err('local_sync_port')}
              data-testid="area-sync-port"
            />
          </SimpleGrid>
          <Fieldset legend={t('sites.fire.title')} data-testid="area-fire">
            <Stack gap="sm">
              <Switch
                label={t('sites.fire.enabled')}
                description={t('sites.fire.needs')}
                checked={d.fire}
                onChange={(e) => set('fire', e.currentTarget.checked)}
                data-testid="area-fire-on"
              />
              {err('fire_alarm') ? (
                <Text c="red" size="sm" role="alert" data-testid="area-fire-error">
                  {err('fire_alarm')}
                </Text>
              ) : null}
              {d.fire ? (
                <>
                  <SimpleGrid cols={{ base: 1, xs: 3 }}>
                    <NumberInput
                      label={t('sites.fire.activePort')}
                      value={d.fire_alarm.active_io_port ?? ''}
                      onChange={(v) => setFire('active_io_port', port(v))}
                      allowDecimal={false}
                      min={0}
                      max={255}
                      data-testid="area-fire-active"
                    />
                    <NumberInput
                      label={t('sites.fire.passivePort')}
                      value={d.fire_alarm.passive_io_port ?? ''}
                      onChange={(v) => setFire('passive_io_port', port(v))}
                      allowDecimal={false}
                      min={0}
                      max={255}
                    />
                    <NumberInput
                      label={t('sites.fire.threshold')}
                      value={d.fire_alarm.high_voltage_threshold}
                      onChange={(v) => setFire('high_voltage_threshold', typeof v === 'number' ? v : 0)}
                      min={0}
                      max={1000}
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, xs: 2 }}>
                    <Stack gap={4}>
                      <Text size="sm" fw={500} id="fire-action-label">
                        {t('sites.fire.action')}
                      </Text>
                      <SegmentedControl
                        aria-labelledby="fire-action-label"
                        value={d.fire_alarm.action_on_fire}
                        onChange={(v) => setFire('action_on_fire', v as FireAlarm['action_on_fire'])}
                        data={[
                          { value: 'open door', label: t('sites.fire.actionOpenDoor') },
                          { value: 'none', label: t('sites.fire.actionNone') },
                        ]}
                      />
                    </Stack>
                    <Stack gap={4}>
                      <Text size="sm" fw={500} id="fire-trigger-label">
                        {t('sites.fire.trigger')}
                      </Text>
                      <SegmentedControl
                        aria-labelledby="fire-trigger-label"
                        value={d.fire_alarm.trigger_on}
                        onChange={(v) => setFire('trigger_on', v as FireAlarm['trigger_on'])}
                        data={[
                          { value: 'high', label: t('sites.fire.triggerHigh') },
                          { value: 'low', label: t('sites.fire.triggerLow') },
                        ]}
                      />
                    </Stack>
                  </SimpleGrid>
                </>
              ) : null}
            </Stack>
          </Fieldset>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('sites.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="area-save">
              {t('sites.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
