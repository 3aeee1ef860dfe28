// The tile server for the geofence preview (MAP_TILE_URL on the server), asked once per session.
// Offline or unset it stays null and the preview is the plain drawing.
import { useEffect, useState } from 'react';
import { api } from '../../../api/client';

export interface MapTiles {
  url: string;
  attribution: string;
}

let asked: Promise<MapTiles | null> | null = null;

function ask(): Promise<MapTiles | null> {
  asked ??= api.get<{ data: MapTiles | null }>('/map-tiles').then((r) => {
    if (r.ok) return r.data.data;
    asked = null; // offline now: ask again next time
    return null;
  });
  return asked;
}

export function useMapTiles(): MapTiles | null {
  const [tiles, setTiles] = useState<MapTiles | null>(null);
  useEffect(() => {
    let live = true;
    void ask().then((t) => live && setTiles(t));
    return () => {
      live = false;
    };
  }, []);
  return tiles;
}
