// Which sync run /sync-status waits for, and when it may leave. The page leaves by itself only
// for the run its own POST answered with (a Retry answers with the same run, queued again) or a
// run it saw working; the previous run's finished status shown before the POST never counts.
import { syncPhase, type SyncRunWire } from '../../../../domain/integrations';

export type SyncStatusWire = { status_id: number | null; integration_status: string; run: SyncRunWire | null };

export interface SyncWatch {
  /** Start pressed: the delay and the POST are under way, or the POST's run is not shown yet. */
  starting: boolean;
  /** The run id the page waits for; null until its POST answers or it sees a run working. */
  runId: string | null;
}

export type SyncWatchEvent =
  { type: 'start' } | { type: 'answered'; run: SyncRunWire | null } | { type: 'status'; status: SyncStatusWire };

export const idleWatch: SyncWatch = { starting: false, runId: null };

export function syncWatch(state: SyncWatch, event: SyncWatchEvent): SyncWatch {
  switch (event.type) {
    case 'start':
      // Nothing is watched yet: what the page shows is still the run before this one.
      return { starting: true, runId: null };
    case 'answered':
      // A POST that failed started nothing; one that answered names the run to wait for.
      return event.run ? { starting: true, runId: event.run.id } : idleWatch;
    case 'status': {
      const run = event.status.run;
      if (state.runId) return run?.id === state.runId ? { starting: false, runId: state.runId } : state;
      if (!state.starting && run && syncPhase(run.status_id) === 'processing')
        return { starting: false, runId: run.id };
      return state;
    }
  }
}

/** The page leaves when the run it waits for is the one shown and it has finished. */
export function watchedRunFinished(state: SyncWatch, status: SyncStatusWire | null): boolean {
  const run = status?.run;
  return !!state.runId && run?.id === state.runId && syncPhase(run.status_id) === 'done';
}

/** The page still waits for a run it was told of: keep polling, whatever the shown status says
 *  (another run, a finished one, or no answer at all), until that run is shown finished. */
export function waitingForRun(state: SyncWatch, status: SyncStatusWire | null): boolean {
  if (state.starting && !state.runId) return false;
  if (!state.runId) return false;
  const run = status?.run;
  return !(run?.id === state.runId && syncPhase(run.status_id) !== 'processing');
}
