// The kiosk journey as a small state machine: home → identify → (new person) → compliance →
// checks → host → reason → confirm → result → home. Each screen only edits the in-memory draft;
// "confirm" writes the sync mutations (journey/commit.ts).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { journeyIdleTimings } from '../../../../domain/journey';
import { journeyOutcome } from '../../../../domain/kiosk-journey';
import { BADGE_PRINTED_LOG } from '../../../../domain/kiosk-commands';
import { onSite } from '../../../../domain/presence';
import type { ReasonChoice } from '../../../../domain/reasons';
import { useDb } from '../../../db/db-context';
import { flowFor, useKioskData, type KioskData } from '../hooks/use-kiosk-data';
import { useJourneyLog } from '../hooks/use-journey-log';
import { useKioskCommands } from '../hooks/use-kiosk-commands';
import { useIdle, useKioskSync, useKioskUpdates } from '../hooks/use-kiosk-runtime';
import { commitDraft, type CommitResult } from '../journey/commit';
import { emptyDraft, type Draft, type DraftPerson, type IdentifyMethod, type Step } from '../journey/draft';
import { modeOf, reasonChoice, remainingSteps } from '../journey/steps';
import type { KioskRegistration } from '../journey/kiosk-store';
import { KioskAccessibility } from '../accessibility/components/kiosk-accessibility';
import { IdentifyStep } from './identify-step';
import { KioskFrame } from './kiosk-frame';
import { KioskHome } from './kiosk-home';
import { KLoading } from './kit';
import { RemoteSupportNotice } from './remote-notice';

type LaterSteps = typeof import('./later-steps');
let laterSteps: LaterSteps | null = null;
const loadLaterSteps = () => import('./later-steps').then((m) => (laterSteps = m));

/** The later screens' module, loaded once the kiosk leaves home (or a finger touches it). */
function useLaterSteps(wanted: boolean): LaterSteps | null {
  const [steps, setSteps] = useState(laterSteps);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (steps) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // A failed load (the chunk not cached yet and the network gone) is tried again, not left spinning.
    const load = () =>
      void loadLaterSteps().then(
        (m) => live && setSteps(m),
        () => (retry = setTimeout(() => live && setAttempt((a) => a + 1), 2_000)),
      );
    if (wanted) load();
    else window.addEventListener('pointerdown', load, { once: true });
    return () => {
      live = false;
      clearTimeout(retry);
      window.removeEventListener('pointerdown', load);
    };
  }, [wanted, steps, attempt]);
  return steps;
}

interface State {
  step: Step;
  draft: Draft;
  queue: Step[];
  reason: ReasonChoice;
  result: CommitResult | null;
}
const HOME: State = { step: 'home', draft: emptyDraft('in', null), queue: [], reason: { kind: 'none' }, result: null };
const RESULT_IDLE_MS = 12_000;

export function KioskApp({ kiosk }: { kiosk: KioskRegistration }) {
  const { t } = useTranslation();
  const db = useDb();
  const data = useKioskData();
  const record = useKioskSync(data !== undefined);
  const [state, setState] = useState<State>(HOME);
  const answers = useLiveQuery(() => db.complianceAnswers.toArray(), [db]) ?? [];
  const events = useLiveQuery(() => db.visitEvents.toArray(), [db]);
  const present = useMemo(() => onSite(events ?? []), [events]);
  // Late / early is read on the site's clock (its IANA zone), not the tablet's.
  const timeZone = useLiveQuery(async () => {
    const area = await db.areas.get(kiosk.areaId);
    return area ? ((await db.sites.get(area.siteId))?.timeZone ?? null) : null;
  }, [db, kiosk.areaId]);
  const goHome = useCallback(() => setState(HOME), []);
  // The journey's own countdown (with its warning and "more time") is KioskAccessibility's; the
  // result screen, with nothing left to lose, still goes home on its short timer.
  useIdle(state.step === 'result', RESULT_IDLE_MS, goHome);
  useKioskUpdates(state.step === 'home');
  const [notice, closeNotice] = useKioskCommands(record, state.step, goHome);
  const refused = useJourneyLog(record, state.step, state.draft.journeyId);
  const later = useLaterSteps(state.step !== 'home');
  const { result } = state;
  useEffect(() => {
    if (result && !result.signedIn && !result.signedOut) refused(result.refusal ?? result.stage ?? 'not_signed_in');
  }, [result, refused]);

  if (!data) return <KLoading label={t('common.loading')} />;
  const journey = data.journeys.find((j) => j.id === state.draft.journeyId);
  const flow =
    state.draft.flow ??
    (state.draft.person ? flowFor(data, state.draft.journeyId ?? '', state.draft.person.userTypeId) : undefined);

  async function confirm(draft: Draft) {
    if (!record) return;
    const f =
      draft.flow ?? (draft.person && data ? flowFor(data, draft.journeyId ?? '', draft.person.userTypeId) : undefined);
    // The stage is a few comparisons: derived here, no worker round trip between tap and result.
    const result = await commitDraft(record, journeyOutcome, draft, kiosk, f, Date.now());
    setState((s) => ({ ...s, step: 'result', draft, result }));
  }

  /** Moves on with what a screen added; `stop` ends the journey early (a refusal). */
  function advance(patch: Partial<Draft>, stop = false) {
    const draft = { ...state.draft, ...patch };
    const [next, ...rest] = state.queue;
    if (stop || !next) {
      setState((s) => ({ ...s, draft }));
      void confirm(draft);
      return;
    }
    setState((s) => ({ ...s, draft, step: next, queue: rest }));
  }

  function identified(person: DraftPerson, method: IdentifyMethod, extra: Partial<Draft> = {}) {
    const d = data as KioskData;
    const draft: Draft = { ...state.draft, ...extra, person, method };
    const personJourney =
      journey ??
      d.journeys.find(
        (j) =>
          j.settings.attendance_mode_id &&
          (j.settings.shown_user_types.length === 0 || j.settings.shown_user_types.includes(person.userTypeId ?? '')),
      );
    const reason = reasonChoice(modeOf(d, personJourney), draft.action, present.has(person.id), Date.now(), timeZone);
    if (reason.kind === 'code') draft.reason = { attendanceCode: reason.attendanceCode };
    if (reason.kind === 'preselected')
      draft.reason = {
        reasonId: reason.reason.id,
        ...(reason.reason.attendanceCode ? { attendanceCode: reason.reason.attendanceCode } : {}),
      };
    const f = flowFor(d, draft.journeyId ?? '', person.userTypeId);
    draft.flow = f ?? null;
    const [next, ...rest] = remainingSteps(draft, f, reason, answers, Date.now());
    if (!next) {
      setState((s) => ({ ...s, draft, reason }));
      void confirm(draft);
      return;
    }
    setState({ ...state, draft, reason, step: next, queue: rest });
  }

  // A journey with an instruction screen shows it before the visitor identifies.
  const start = (action: 'in' | 'out', journeyId: string | null) =>
    setState({
      ...HOME,
      step:
        action === 'in' && data.journeys.find((j) => j.id === journeyId)?.settings.instruction_enabled
          ? 'instruction'
          : 'identify',
      draft: emptyDraft(action, journeyId),
    });
  const common = { onCancel: goHome };
  const screen = (() => {
    if (state.step !== 'home' && state.step !== 'identify' && !later) return <KLoading label={t('common.loading')} />;
    const { InstructionStep, NewPersonStep, ComplianceStep, ChecksStep, HostStep, ReasonStep, ResultStep } =
      later ?? ({} as LaterSteps);
    switch (state.step) {
      case 'home':
        return <KioskHome kiosk={kiosk} data={data} onStart={start} />;
      case 'instruction':
        return (
          <InstructionStep
            {...common}
            text={journey?.settings.instruction ?? null}
            onDone={() => setState((s) => ({ ...s, step: 'identify' }))}
          />
        );
      case 'identify':
        return (
          <IdentifyStep
            {...common}
            onRefused={refused}
            entityId={kiosk.entity.id}
            data={data}
            draft={state.draft}
            journey={journey}
            present={present}
            onIdentified={identified}
            onNew={() => setState((s) => ({ ...s, step: 'new-person' }))}
          />
        );
      case 'new-person':
        return (
          <NewPersonStep
            {...common}
            onRefused={refused}
            data={data}
            journey={journey}
            onRegistered={(person, extra) => identified(person, 'new', extra)}
          />
        );
      case 'compliance':
        return (
          <ComplianceStep
            {...common}
            data={data}
            flow={flow}
            personId={state.draft.registration ? null : (state.draft.person?.id ?? null)}
            onDone={advance}
          />
        );
      case 'checks':
        return <ChecksStep {...common} flow={flow} onDone={advance} />;
      case 'host':
        return <HostStep {...common} data={data} flow={flow} initialHostId={state.draft.hostId} onDone={advance} />;
      case 'reason':
        return <ReasonStep {...common} choice={state.reason} draft={state.draft} onDone={advance} />;
      case 'result':
        return (
          <ResultStep
            kiosk={kiosk}
            data={data}
            draft={state.draft}
            result={state.result}
            onDone={goHome}
            onPrint={() =>
              void record?.('kiosk.log', {
                logId: uuidv7(),
                kind: 'action',
                code: BADGE_PRINTED_LOG,
                data: { personId: state.draft.person?.id ?? null, areaId: kiosk.areaId },
                at: Date.now(),
              })
            }
          />
        );
    }
  })();
  return (
    <KioskAccessibility
      step={state.step}
      onIdle={goHome}
      timings={journey ? journeyIdleTimings(journey.settings) : undefined}
    >
      <KioskFrame kiosk={kiosk} step={state.step} busy={!record}>
        {notice ? <RemoteSupportNotice notice={notice} onClose={closeNotice} /> : null}
        {screen}
      </KioskFrame>
    </KioskAccessibility>
  );
}
