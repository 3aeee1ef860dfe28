// /sync-status waits for the run its own POST started: the previous run's finished status, still
// on screen during the start delay and until the first poll after the POST, never sends it on.
import { describe, expect, it } from 'vitest';
import type { SyncRunWire } from '../../../../domain/integrations';
import {
  idleWatch,
  syncWatch,
  waitingForRun,
  watchedRunFinished,
  type SyncStatusWire,
  type SyncWatch,
} from './sync-watch';

const run = (id: string, statusId: number): SyncRunWire => ({
  id,
  status_id: statusId,
  full: false,
  created: 0,
  updated: 0,
  archived: 0,
  duplicates: 0,
  errors: 0,
  message: null,
  started_at: '2026-12-03T08:00:00.000Z',
  finished_at: statusId === 3 ? '2026-12-03T08:01:00.000Z' : null,
});
const shown = (r: SyncRunWire | null): SyncStatusWire => ({
  status_id: r?.status_id ?? null,
  integration_status: 'active',
  run: r,
});
const DONE = 3;
const QUEUED = 0;
const FAILED = 4;

describe('which sync run the status page waits for', () => {
  it('does not leave on the previous run after Start, only on the run its POST answered with', () => {
    const before = shown(run('run-a', DONE));
    let state: SyncWatch = syncWatch(idleWatch, { type: 'status', status: before });
    expect(watchedRunFinished(state, before)).toBe(false);

    // Start pressed: the POST waits 2.5 s; the integration's data may arrive meanwhile.
    state = syncWatch(state, { type: 'start' });
    expect(state.starting).toBe(true);
    expect(watchedRunFinished(state, before)).toBe(false);
    // A poll answered during the delay still shows the previous run.
    state = syncWatch(state, { type: 'status', status: before });
    expect(watchedRunFinished(state, before)).toBe(false);

    // The POST answers with the new run; the screen still shows the old one until the next poll.
    state = syncWatch(state, { type: 'answered', run: run('run-b', QUEUED) });
    expect(state).toEqual({ starting: true, runId: 'run-b' });
    expect(watchedRunFinished(state, before)).toBe(false);
    state = syncWatch(state, { type: 'status', status: before });
    expect(state.starting).toBe(true);

    const working = shown(run('run-b', 2));
    state = syncWatch(state, { type: 'status', status: working });
    expect(state).toEqual({ starting: false, runId: 'run-b' });
    expect(watchedRunFinished(state, working)).toBe(false);

    const finished = shown(run('run-b', DONE));
    state = syncWatch(state, { type: 'status', status: finished });
    expect(watchedRunFinished(state, finished)).toBe(true);
  });

  it('leaves after a Retry, which answers with the failed run queued again (the same id)', () => {
    let state = syncWatch(idleWatch, { type: 'status', status: shown(run('run-a', FAILED)) });
    state = syncWatch(state, { type: 'start' });
    state = syncWatch(state, { type: 'answered', run: run('run-a', QUEUED) });
    const finished = shown(run('run-a', DONE));
    state = syncWatch(state, { type: 'status', status: finished });
    expect(watchedRunFinished(state, finished)).toBe(true);
  });

  it('leaves for a run it saw working when opened, never for one already finished', () => {
    const old = shown(run('run-a', DONE));
    expect(watchedRunFinished(syncWatch(idleWatch, { type: 'status', status: old }), old)).toBe(false);
    let state = syncWatch(idleWatch, { type: 'status', status: shown(run('run-c', 1)) });
    expect(state.runId).toBe('run-c');
    const finished = shown(run('run-c', DONE));
    state = syncWatch(state, { type: 'status', status: finished });
    expect(watchedRunFinished(state, finished)).toBe(true);
  });

  it('waits for nothing when the POST failed', () => {
    const before = shown(run('run-a', DONE));
    let state = syncWatch(idleWatch, { type: 'start' });
    state = syncWatch(state, { type: 'answered', run: null });
    expect(state).toEqual(idleWatch);
    expect(watchedRunFinished(state, before)).toBe(false);
  });
});

describe('whether the status page keeps asking', () => {
  it('keeps polling for its run through a lost answer, the previous run and a queued one, and stops once it ends', () => {
    const answered = syncWatch(syncWatch(idleWatch, { type: 'start' }), {
      type: 'answered',
      run: run('run-b', QUEUED),
    });
    expect(waitingForRun(answered, null)).toBe(true);
    expect(waitingForRun(answered, shown(run('run-a', DONE)))).toBe(true);
    expect(waitingForRun(answered, shown(run('run-b', QUEUED)))).toBe(true);
    expect(waitingForRun(answered, shown(run('run-b', DONE)))).toBe(false);
    expect(waitingForRun(answered, shown(run('run-b', FAILED)))).toBe(false);
  });

  it('does not poll a finished run nobody started from this page', () => {
    const idle = syncWatch(idleWatch, { type: 'status', status: shown(run('run-a', DONE)) });
    expect(waitingForRun(idle, shown(run('run-a', DONE)))).toBe(false);
    expect(waitingForRun(idle, null)).toBe(false);
  });
});
