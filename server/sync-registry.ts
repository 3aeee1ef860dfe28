// The server's side of the sync catalogue, assembled from the features: each mutation's apply
// (a missing one fails the typecheck here) and each feature's snapshot of its synced rows.
// server/sync/ is the infrastructure these plug into; it imports no feature.
import type { ChangeInput, Executor } from './sync/changes';
import type { ServerMutations } from './sync/handlers';
import { sectionsSnapshotOf } from './custom-fields/custom-fields.projections';
import { companySnapshotOf } from './company/company.projections';
import { emergencyServerMutations } from './emergency/emergency.mutations';
import { emergencySnapshotOf } from './emergency/emergency.projections';
import { kioskServerMutations } from './kiosk/kiosk.mutations';
import { journeysSnapshotOf } from './journeys/journeys.projections';
import { kioskSnapshotOf } from './kiosk/kiosk.projections';
import { documentsSnapshotOf } from './people/documents.projections';
import { peopleServerMutations } from './people/people.mutations';
import { peopleSnapshotOf } from './people/people.projections';
import { placesSnapshotOf } from './places/places.projections';
import { preregistrationServerMutations } from './preregistration/expected-visits.mutations';
import { preregistrationSnapshotOf } from './preregistration/projections';
import { visitServerMutations } from './visits/visits.mutations';
import { visitsSnapshotOf } from './visits/visits.projections';
import { followMergedPeople } from './duplicates/merged-people';
import { visitScopes } from './visits/visits.scope';
import { devicePlace, devicePlaceFrom, devicePlaceSql } from './sync-scopes/device-scope';
import type { ServerScopes } from './sync/scope';

/** What the pull reads from the features to keep each device to its scope. */
export const serverScopes: ServerScopes = { ...visitScopes, devicePlace, devicePlaceSql, devicePlaceFrom };

// A personId merged away is read as the kept person's: server/duplicates/merged-people.ts.
export const serverMutations = followMergedPeople({
  ...visitServerMutations,
  ...peopleServerMutations,
  ...kioskServerMutations,
  ...preregistrationServerMutations,
  ...emergencyServerMutations,
} satisfies ServerMutations);

const snapshots = [
  placesSnapshotOf,
  peopleSnapshotOf,
  visitsSnapshotOf,
  kioskSnapshotOf,
  journeysSnapshotOf,
  preregistrationSnapshotOf,
  emergencySnapshotOf,
  documentsSnapshotOf,
  sectionsSnapshotOf,
  companySnapshotOf,
];

/** Every synced row of an entity as changes: seeds the feed for data written before it existed. */
export async function snapshotOf(db: Executor, entityId: string): Promise<ChangeInput[]> {
  const out: ChangeInput[] = [];
  for (const of of snapshots) out.push(...(await of(db, entityId)));
  return out;
}
