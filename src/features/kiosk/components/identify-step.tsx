// Identify: search by name (quick or private match), an RFID card typed or wedged, or a QR
// code from the camera (scanner loaded only when asked for).
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchNames, readScannedCode } from '../../../../domain/kiosk';
import type { OnSite } from '../../../../domain/presence';
import { useDb } from '../../../db/db-context';
import { useSync } from '../../../sync/sync-context';
import {
  flowFields,
  flowFor,
  shownTypes,
  type KioskData,
  type KioskJourney,
  type KioskPerson,
} from '../hooks/use-kiosk-data';
import type { Draft, DraftPerson, IdentifyMethod } from '../journey/draft';
import { KAlert, KButton, KTextInput } from './kit';
import { fromPreregistration, type PreregisteredVisit } from '../journey/preregistered';
import { checkVisitQr, type ExpectedVisitRow } from './qr-check';

const QrScanner = lazy(() => import('./qr-scanner').then((m) => ({ default: m.QrScanner })));

interface Props {
  data: KioskData;
  draft: Draft;
  journey: KioskJourney | undefined;
  present: Map<string, OnSite>;
  onIdentified: (person: DraftPerson, method: IdentifyMethod, extra?: Partial<Draft>) => void;
  onNew: () => void;
  onCancel: () => void;
  /** A refusal on this screen, by its message key (detailed kiosk logs). */
  onRefused: (reason: string) => void;
  entityId: string;
}

const asDraft = (p: KioskPerson): DraftPerson => ({
  id: p.id,
  fullName: p.fullName,
  userTypeId: p.userTypeId,
  image: p.image ?? null,
});

export function IdentifyStep({
  data,
  draft,
  journey,
  present,
  onIdentified,
  onNew,
  onCancel,
  onRefused,
  entityId,
}: Props) {
  const { t } = useTranslation();
  const db = useDb();
  const [query, setQuery] = useState('');
  const [rfid, setRfid] = useState('');
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const sync = useSync();
  // A code checked after a pull is matched against the people that pull brought, not the render's.
  const latest = useRef(data);
  latest.current = data;
  const refuse = (key: string) => {
    onRefused(key);
    setProblem(t(key));
  };
  const signingOut = draft.action === 'out';
  const types = journey ? shownTypes(data, journey).map((ty) => ty.id) : null;
  const pool = data.people.filter((p) =>
    signingOut ? present.has(p.id) : !types || types.includes(p.userTypeId ?? ''),
  );
  const mode = signingOut ? 'quick' : (journey?.settings.name_match ?? 'quick');
  const matches = matchNames(pool, query, mode);
  const canRegister =
    !signingOut &&
    journey &&
    shownTypes(data, journey).some(
      (ty) => ty.registrationMethod !== 'pre-registered by admin' && ty.registrationMethod !== 'pre-registered only',
    );

  function pick(person: KioskPerson | undefined, method: IdentifyMethod, extra?: Partial<Draft>) {
    if (!person) return refuse('kiosk.identify.unknownCode');
    if (signingOut && !present.has(person.id)) return refuse('kiosk.identify.notSignedIn');
    if (!signingOut && types && !types.includes(person.userTypeId ?? ''))
      return refuse('kiosk.identify.notThisJourney');
    onIdentified(asDraft(person), method, extra);
  }
  function submitRfid() {
    const card = data.cards.find((c) => c.rfid === rfid.trim());
    pick(card ? data.people.find((p) => p.id === card.id) : undefined, 'rfid');
  }
  async function scanned(text: string) {
    setScanning(false);
    const code = readScannedCode(text);
    if (code.kind === 'badge')
      return pick(
        data.people.find((p) => p.id === code.personId),
        'qr',
      );
    // A pre-registration QR: verified with the synced public key and revocations; a key this
    // kiosk does not hold yet is fetched (qr-check.ts), and each refusal says its own reason.
    const verdict = await checkVisitQr(db, code.text, entityId, {
      online: navigator.onLine,
      pullNow: () => sync?.trigger(),
      onChecking: () => setChecking(true),
    }).finally(() => setChecking(false));
    if (!verdict.ok) return refuse(verdict.key);
    const visit = await db.table<ExpectedVisitRow, string>('expectedVisits').get(verdict.visitId);
    // One arrival per visit: a code already used says so, with the link's own words.
    if (visit?.arrivedAt != null) return refuse('linkExpired.preregistration.arrived');
    const personOf = () => latest.current.people.find((p) => p.id === verdict.personId);
    for (let i = 0; i < 10 && !personOf(); i++) await new Promise((r) => setTimeout(r, 300));
    const person = personOf();
    // What the phone gave (host, custom-field values) comes along (journey/preregistered.ts).
    const fields = flowFields(
      latest.current,
      flowFor(latest.current, draft.journeyId ?? '', person?.userTypeId ?? null),
    );
    pick(
      person,
      'qr',
      visit
        ? fromPreregistration(visit as ExpectedVisitRow & PreregisteredVisit, fields)
        : { expectedVisitId: verdict.visitId, approvalRequired: false },
    );
  }

  return (
    <div className="gk-stack" data-testid="kiosk-identify">
      <h2>{signingOut ? t('kiosk.identify.titleOut') : journey?.name}</h2>
      {problem ? (
        <KAlert
          tone="red"
          data-testid="kiosk-identify-problem"
          onClose={() => setProblem(null)}
          closeLabel={t('common.close')}
        >
          {problem}
        </KAlert>
      ) : null}
      {checking ? (
        <KAlert tone="blue" data-testid="kiosk-qr-checking">
          {t('kioskQr.checking')}
        </KAlert>
      ) : null}
      <KTextInput
        size="xl"
        label={mode === 'private' ? t('kiosk.identify.fullName') : t('kiosk.identify.search')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        data-testid="kiosk-search"
        autoComplete="off"
      />
      {query.trim().length >= 2 && matches.length === 0 ? (
        <p className="gk-dimmed">{t('kiosk.identify.noMatch')}</p>
      ) : null}
      <div className="gk-stack-tight">
        {matches.map((p) => (
          <KButton
            key={p.id}
            variant="default"
            className="gh-kiosk-person"
            data-testid="kiosk-match"
            onClick={() => pick(p, 'search')}
          >
            {p.fullName}
          </KButton>
        ))}
      </div>
      <form
        className="gk-row gk-row-nowrap gk-row-end"
        onSubmit={(e) => {
          e.preventDefault();
          submitRfid();
        }}
      >
        <div className="gk-grow">
          <KTextInput
            size="xl"
            label={t('kiosk.identify.rfid')}
            value={rfid}
            onChange={(e) => setRfid(e.currentTarget.value)}
            data-testid="kiosk-rfid"
            autoComplete="off"
            inputMode="numeric"
          />
        </div>
        <KButton type="submit" variant="light">
          {t('kiosk.identify.rfidGo')}
        </KButton>
      </form>
      {scanning ? (
        <Suspense fallback={<p>{t('kiosk.identify.cameraStarting')}</p>}>
          <QrScanner
            onDecoded={(text) => void scanned(text)}
            onError={() => {
              setScanning(false);
              setProblem(t('kiosk.identify.cameraError'));
            }}
          />
        </Suspense>
      ) : null}
      <div className="gh-kiosk-actions">
        <KButton variant="subtle" onClick={onCancel} data-testid="kiosk-cancel">
          {t('kiosk.cancel')}
        </KButton>
        <div className="gk-row">
          <KButton variant="light" data-testid="kiosk-scan" onClick={() => setScanning((s) => !s)}>
            {scanning ? t('kiosk.identify.stopScan') : t('kiosk.identify.scan')}
          </KButton>
          {canRegister ? (
            <KButton data-testid="kiosk-new" onClick={onNew}>
              {t('kiosk.identify.new')}
            </KButton>
          ) : null}
        </div>
      </div>
    </div>
  );
}
