// The time zone a new site starts with: a company's sites are mostly in one
// zone, so the one its sites use most; a first site takes the browser's zone; UTC only when
// neither is known. The form shows the zone and where the suggestion came from.
export type ZoneSource = 'sites' | 'browser' | 'none';

export function defaultSiteTimeZone(
  existing: ReadonlyArray<string | null | undefined>,
  browserZone: string | null | undefined,
  supported: readonly string[],
): { zone: string; source: ZoneSource } {
  const known = (z: string | null | undefined): z is string => !!z && (supported.length === 0 || supported.includes(z));
  const counts = new Map<string, number>();
  for (const z of existing) if (known(z)) counts.set(z, (counts.get(z) ?? 0) + 1);
  const most = [...counts].sort((a, b) => b[1] - a[1])[0];
  if (most) return { zone: most[0], source: 'sites' };
  if (known(browserZone)) return { zone: browserZone, source: 'browser' };
  return { zone: 'UTC', source: 'none' };
}
