// The browser's position, asked for when the person taps "Find my location" (never watched in
// the background): a fresh high-accuracy fix, or why there is none.
import { useCallback, useState } from 'react';

export interface Fix {
  lat: number;
  long: number;
  /** Metres, as the browser reports it. */
  accuracy: number;
}

export type PositionState =
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'fix'; fix: Fix }
  | { kind: 'failed'; reason: 'locationDenied' | 'locationUnavailable' | 'locationUnsupported' };

export function usePosition() {
  const [state, setState] = useState<PositionState>({ kind: 'idle' });
  const locate = useCallback(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState({ kind: 'failed', reason: 'locationUnsupported' });
      return;
    }
    setState({ kind: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (p) =>
        setState({
          kind: 'fix',
          fix: { lat: p.coords.latitude, long: p.coords.longitude, accuracy: Math.round(p.coords.accuracy) },
        }),
      (error) =>
        setState({
          kind: 'failed',
          reason: error.code === error.PERMISSION_DENIED ? 'locationDenied' : 'locationUnavailable',
        }),
      { enableHighAccuracy: true, maximumAge: 0, timeout: 20_000 },
    );
  }, []);
  return { state, locate };
}
