// The geofence preview: the site's circle, the positions people signed in with, a
// north arrow and a scale bar on a plain SVG, so it works offline with no map tiles. The
// drawing is in metres east/north of the centre; it is never mirrored for right-to-left.
// When the server names a tile server (MAP_TILE_URL) its tiles lie under the drawing; a tile that
// does not load (offline) leaves that part plain.
import { useId } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMapTiles } from '../hooks/use-map-tiles';
import { formatMetres, niceLength, offsetMetres, tilesAround, tileZoom, type Point } from './geofence-math';

const SIZE = 320;
const PAD = 24;

export function GeofencePreview({
  name,
  centre,
  radius,
  positions = [],
  zoom,
}: {
  name: string;
  centre: Point | null;
  radius: number | null;
  positions?: Point[];
  /** The site's own zoom (spec 1 §3), for the tiles. */
  zoom?: number | null;
}) {
  const { t } = useTranslation();
  const tiles = useMapTiles();
  // An id usable in url(#…): React's ids carry punctuation.
  const clip = `geofence-clip-${useId().replace(/[^\w-]/g, '')}`;
  if (!centre || !Number.isFinite(centre.lat) || !Number.isFinite(centre.long) || !radius || radius <= 0)
    return (
      <Text size="sm" c="dimmed" data-testid="geofence-empty">
        {t('sites.geofence.noCentre')}
      </Text>
    );
  const points = positions.map((p) => offsetMetres(centre, p));
  // Fit the circle and every position, with a margin.
  const reach = Math.max(radius, ...points.map((p) => Math.hypot(p.east, p.north))) * 1.15;
  const scale = (SIZE / 2 - PAD) / reach;
  const mid = SIZE / 2;
  const x = (east: number) => mid + east * scale;
  const y = (north: number) => mid - north * scale;
  const bar = niceLength(reach * 0.8);
  const inside = (p: { east: number; north: number }) => Math.hypot(p.east, p.north) <= radius;
  const half = SIZE / 2 / scale;
  const spots = tiles ? tilesAround(tiles.url, centre, half, tileZoom(centre.lat, 2 * half, SIZE, zoom)) : [];

  return (
    <Stack gap={4} data-testid="geofence-preview">
      <svg
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        width="100%"
        style={{ maxInlineSize: SIZE, direction: 'ltr', background: 'var(--mantine-color-gray-0)', borderRadius: 8 }}
        role="img"
        aria-label={t('sites.geofence.label', { name, radius, count: positions.length })}
        data-tiles={spots.length}
      >
        {spots.length > 0 && (
          <g clipPath={`url(#${clip})`} data-testid="geofence-tiles" aria-hidden>
            <clipPath id={clip}>
              <rect width={SIZE} height={SIZE} rx={8} />
            </clipPath>
            {spots.map((s) => (
              <image
                key={s.key}
                href={s.url}
                x={x(s.nw.east)}
                y={y(s.nw.north)}
                width={(s.se.east - s.nw.east) * scale}
                height={(s.nw.north - s.se.north) * scale}
                preserveAspectRatio="none"
                data-testid="geofence-tile"
              />
            ))}
          </g>
        )}
        {/* A light grid every scale-bar length, for a sense of distance. */}
        {[-2, -1, 1, 2].map((k) => (
          <g key={k} stroke="var(--mantine-color-gray-3)" strokeWidth={1}>
            <line x1={x(k * bar)} x2={x(k * bar)} y1={0} y2={SIZE} />
            <line y1={y(k * bar)} y2={y(k * bar)} x1={0} x2={SIZE} />
          </g>
        ))}
        <circle
          cx={mid}
          cy={mid}
          r={radius * scale}
          fill="var(--mantine-color-blue-1)"
          fillOpacity={0.6}
          stroke="var(--mantine-color-blue-7)"
          strokeWidth={2}
          data-testid="geofence-circle"
        />
        <circle cx={mid} cy={mid} r={4} fill="var(--mantine-color-blue-9)" />
        {points.map((p, i) => (
          <circle
            key={i}
            cx={x(p.east)}
            cy={y(p.north)}
            r={5}
            fill={inside(p) ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-red-7)'}
            stroke="white"
            strokeWidth={1.5}
            data-testid="geofence-position"
          />
        ))}
        {/* North arrow. */}
        <g transform={`translate(${SIZE - 22} 30)`} fill="var(--mantine-color-dark-6)">
          <path d="M0 -16 L6 0 L0 -4 L-6 0 Z" />
          <text y={14} textAnchor="middle" fontSize={12} fontWeight={700}>
            N
          </text>
        </g>
        {/* Scale bar. */}
        <g transform={`translate(${PAD} ${SIZE - PAD})`} data-testid="geofence-scale">
          <rect width={bar * scale} height={6} fill="var(--mantine-color-dark-6)" />
          <rect width={(bar * scale) / 2} height={6} fill="white" stroke="var(--mantine-color-dark-6)" />
          <text y={-6} fontSize={12} fill="var(--mantine-color-dark-7)">
            {formatMetres(bar)}
          </text>
        </g>
        {spots.length > 0 && tiles?.attribution && (
          <text
            x={SIZE - 6}
            y={SIZE - 5}
            textAnchor="end"
            fontSize={9}
            fill="var(--mantine-color-dark-7)"
            stroke="white"
            strokeWidth={3}
            paintOrder="stroke"
            data-testid="geofence-attribution"
          >
            {tiles.attribution}
          </text>
        )}
      </svg>
      <Text size="xs" c="dimmed">
        {positions.length > 0 ? t('sites.geofence.positions', { count: positions.length }) + ' · ' : ''}
        {t('sites.geofence.offlineNote')}
      </Text>
    </Stack>
  );
}
