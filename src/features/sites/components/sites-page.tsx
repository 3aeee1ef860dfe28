// The sites tab of /sites: each site the admin may act on with its areas, and the
// forms to add, change and remove them; removal refused says why (in use, no access).
import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OfflineNotice } from '../../../ui/offline-notice';
import { useLocalPlaces } from '../hooks/use-local-places';
import { usePlaces, usePlaceWrite, type AreaItem, type SiteItem } from '../hooks/use-places';
import { AreaFormModal } from './area-form-modal';
import { AreaQrModal } from './area-qr-modal';
import { ConfirmRemoveModal, GeofenceModal } from './site-modals';
import { SiteCard } from './site-card';
import { SiteFormModal } from './site-form-modal';

type Removing = { kind: 'site'; site: SiteItem } | { kind: 'area'; site: SiteItem; area: AreaItem };

export function SitesPage() {
  const { t } = useTranslation();
  const { sites: loaded, unreachable, load } = usePlaces();
  // The device's copy until the server answers, and offline: never an empty page.
  const local = useLocalPlaces();
  const sites = loaded ?? local ?? null;
  const write = usePlaceWrite(() => void load());
  const [siteForm, setSiteForm] = useState<{ site: SiteItem | null } | null>(null);
  const [areaForm, setAreaForm] = useState<{ site: SiteItem; area: AreaItem | null } | null>(null);
  const [qr, setQr] = useState<{ site: SiteItem; area: AreaItem } | null>(null);
  const [map, setMap] = useState<SiteItem | null>(null);
  const [removing, setRemoving] = useState<Removing | null>(null);

  return (
    <Stack gap="md" data-testid="sites-page" data-loaded={loaded !== null}>
      <OfflineNotice force={unreachable} />
      <Group justify="flex-end">
        <Button onClick={() => setSiteForm({ site: null })} data-testid="site-add">
          {t('sites.add')}
        </Button>
      </Group>
      {sites && sites.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed">{t('sites.empty')}</Text>
        </Paper>
      ) : null}
      {(sites ?? []).map((s) => (
        <SiteCard
          key={s.id}
          site={s}
          onEdit={() => setSiteForm({ site: s })}
          onRemove={() => setRemoving({ kind: 'site', site: s })}
          onMap={() => setMap(s)}
          onAddArea={() => setAreaForm({ site: s, area: null })}
          onEditArea={(a) => setAreaForm({ site: s, area: a })}
          onRemoveArea={(a) => setRemoving({ kind: 'area', site: s, area: a })}
          onQr={(a) => setQr({ site: s, area: a })}
        />
      ))}
      <SiteFormModal
        site={siteForm?.site ?? null}
        otherZones={sites?.map((x) => x.time_zone) ?? []}
        opened={siteForm !== null}
        onClose={() => setSiteForm(null)}
        save={(body) =>
          siteForm?.site
            ? write('PUT', `/sites/${siteForm.site.id}`, body, 'siteUpdated')
            : write('POST', '/sites', body, 'siteAdded')
        }
      />
      <AreaFormModal
        site={areaForm?.site ?? null}
        area={areaForm?.area ?? null}
        opened={areaForm !== null}
        onClose={() => setAreaForm(null)}
        save={(body) =>
          areaForm?.area
            ? write('PUT', `/areas/${areaForm.area.id}`, body, 'areaUpdated')
            : write('POST', `/sites/${areaForm!.site.id}/areas`, body, 'areaAdded')
        }
      />
      <AreaQrModal site={qr?.site ?? null} area={qr?.area ?? null} onClose={() => setQr(null)} />
      <GeofenceModal site={map} onClose={() => setMap(null)} />
      <ConfirmRemoveModal
        name={removing ? (removing.kind === 'site' ? removing.site.name : removing.area.name) : null}
        kind={removing?.kind ?? 'site'}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          const r =
            removing.kind === 'site'
              ? await write('DELETE', `/sites/${removing.site.id}`, undefined, 'siteDeleted')
              : await write('DELETE', `/areas/${removing.area.id}`, undefined, 'areaDeleted');
          if (r.ok) setRemoving(null);
        }}
      />
    </Stack>
  );
}
