// Add or edit a site (spec 1 §3: name, location name, latitude, longitude, radius, zoom) with
// its IANA time zone, checked with the same schema the server uses; the geofence preview
// follows the numbers as they are typed.
import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { siteRequest } from '../../../../domain/places';
import { defaultSiteTimeZone } from '../../../../domain/site-time-zone';
import { parse } from '../../../../domain/validation';
import type { SendResult, SiteItem } from '../hooks/use-places';
import { GeofencePreview } from './geofence-preview';

type Draft = {
  name: string;
  location_name: string;
  lat: number | string;
  long: number | string;
  radius: number | string;
  zoom: number | string;
  time_zone: string;
};
const blank: Draft = { name: '', location_name: '', lat: '', long: '', radius: 100, zoom: 15, time_zone: 'UTC' };
const num = (x: number | string) => (typeof x === 'number' ? x : x === '' ? undefined : Number(x));

function timeZones(): string[] {
  const all = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return all.includes('UTC') ? all : ['UTC', ...all];
}

export function SiteFormModal({
  site,
  opened,
  onClose,
  save,
  otherZones = [],
}: {
  site: SiteItem | null;
  /** The company's sites' zones: a new site starts in the one they use most. */
  otherZones?: ReadonlyArray<string | null | undefined>;
  opened: boolean;
  onClose(): void;
  save(body: unknown): Promise<SendResult>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(blank);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const zones = useMemo(timeZones, []);
  const suggested = useMemo(
    () => defaultSiteTimeZone(otherZones, Intl.DateTimeFormat().resolvedOptions().timeZone, zones),
    [otherZones, zones],
  );
  useEffect(() => {
    if (!opened) return;
    setErrors({});
    setDraft(
      site
        ? {
            name: site.name,
            location_name: site.location_name ?? '',
            lat: site.lat ?? '',
            long: site.long ?? '',
            radius: site.radius ?? '',
            zoom: site.zoom ?? 15,
            time_zone: site.time_zone,
          }
        : { ...blank, time_zone: suggested.zone },
    );
    // Read when the form opens: a sites list arriving later does not move a zone being edited.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, site]);
  const set = (k: keyof Draft) => (value: number | string | null) => setDraft((d) => ({ ...d, [k]: value ?? '' }));
  const err = (f: string) => (errors[f]?.[0] ? t(errors[f]![0]!) : undefined);

  async function submit() {
    const body = {
      ...draft,
      lat: num(draft.lat),
      long: num(draft.long),
      radius: num(draft.radius),
      zoom: num(draft.zoom),
    };
    const parsed = parse(siteRequest, body);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return;
    setBusy(true);
    const r = await save(parsed.value);
    setBusy(false);
    if (r.ok) onClose();
    else setErrors(r.errors);
  }
  const lat = num(draft.lat);
  const long = num(draft.long);

  return (
    <Modal opened={opened} onClose={onClose} title={t(site ? 'sites.edit' : 'sites.add')} size="xl">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="site-form"
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="sm">
            <TextInput
              label={t('sites.fields.name')}
              value={draft.name}
              onChange={(e) => set('name')(e.currentTarget.value)}
              maxLength={50}
              error={err('name')}
              data-testid="site-name"
            />
            <TextInput
              label={t('sites.fields.locationName')}
              value={draft.location_name}
              onChange={(e) => set('location_name')(e.currentTarget.value)}
              maxLength={100}
              error={err('location_name')}
            />
            <Group grow align="flex-start">
              <NumberInput
                label={t('sites.fields.lat')}
                value={draft.lat}
                onChange={set('lat')}
                decimalScale={6}
                error={err('lat')}
                data-testid="site-lat"
              />
              <NumberInput
                label={t('sites.fields.long')}
                value={draft.long}
                onChange={set('long')}
                decimalScale={6}
                error={err('long')}
                data-testid="site-long"
              />
            </Group>
            <Group grow align="flex-start">
              <NumberInput
                label={t('sites.fields.radius')}
                value={draft.radius}
                onChange={set('radius')}
                allowDecimal={false}
                min={10}
                error={err('radius')}
                data-testid="site-radius"
              />
              <NumberInput
                label={t('sites.fields.zoom')}
                value={draft.zoom}
                onChange={set('zoom')}
                allowDecimal={false}
                min={1}
                max={22}
                error={err('zoom')}
              />
            </Group>
            <Select
              label={t('sites.fields.timeZone')}
              data={zones}
              value={draft.time_zone}
              onChange={(v) => set('time_zone')(v ?? 'UTC')}
              description={
                !site && draft.time_zone === suggested.zone && suggested.source !== 'none'
                  ? t(`siteTimeZone.from.${suggested.source}`)
                  : t('siteTimeZone.hint')
              }
              searchable
              allowDeselect={false}
              error={err('time_zone')}
              comboboxProps={{ withinPortal: true }}
              data-testid="site-time-zone"
            />
          </Stack>
          <Stack gap="xs">
            <GeofencePreview
              name={draft.name}
              centre={lat !== undefined && long !== undefined ? { lat, long } : null}
              radius={num(draft.radius) ?? null}
              zoom={num(draft.zoom)}
            />
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('sites.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="site-save">
            {t('sites.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
