// Result: signed in or out, or the visit's stage with a clear explanation; the badge (with
// print) when the flow prints one; hardware outputs are shown as requested, not driven.
import { useTranslation } from 'react-i18next';
import { documentVerdict } from '../../../../domain/vaccine-status';
import type { KioskData } from '../hooks/use-kiosk-data';
import type { CommitResult } from '../journey/commit';
import type { Draft } from '../journey/draft';
import type { KioskRegistration } from '../journey/kiosk-store';
import { useSyncStatus } from '../../../sync/sync-context';
import { badgeLines } from '../hooks/badge-fields';
import { resultNotices } from '../hooks/result-notices';
import { useHostNotice } from '../hooks/use-host-notice';
import { flowFor } from '../hooks/use-kiosk-data';
import { Badge } from './badge';
import { KAlert, KButton } from './kit';

interface Props {
  kiosk: KioskRegistration;
  data: KioskData;
  draft: Draft;
  result: CommitResult | null;
  onDone: () => void;
  /** Records the print in the kiosk log (the print list). */
  onPrint?: () => void;
}

export function ResultStep({ kiosk, data, draft, result, onDone, onPrint }: Props) {
  const { t, i18n } = useTranslation();
  const { online } = useSyncStatus();
  const hostNotice = useHostNotice(result?.visitId);
  if (!result) return null;
  const name = draft.person?.fullName ?? '';
  const flow = draft.person ? flowFor(data, draft.journeyId ?? '', draft.person.userTypeId) : undefined;
  const host = data.people.find((p) => p.id === draft.hostId);
  const reasons = data.modes.flatMap((m) => m.reasons);
  const reason = reasons.find((r) => r.id === draft.reason?.reasonId);
  const color = result.signedIn || result.signedOut ? 'teal' : result.stage?.startsWith('waiting') ? 'yellow' : 'red';
  const headline = result.signedOut
    ? t('kiosk.result.signedOut', { name })
    : result.signedIn
      ? t('kiosk.result.signedIn', { name })
      : result.refusal
        ? t(`kiosk.result.${result.refusal === 'temperature.above_threshold' ? 'temperature' : 'mask'}`)
        : t(`kiosk.stage.${result.stage}`);
  return (
    <div
      className="gk-stack"
      data-testid="kiosk-result"
      data-stage={result.stage ?? ''}
      data-signed-in={result.signedIn}
      data-signed-out={result.signedOut}
      data-refusal={result.refusal ?? ''}
    >
      <KAlert tone={color} filled>
        <h2 data-testid="kiosk-result-headline">{headline}</h2>
      </KAlert>
      {result.stage && !result.signedIn && result.refusal ? (
        <p className="gk-lead" data-testid="kiosk-result-stage">
          {t('kiosk.result.stage', { stage: t(`kiosk.stage.${result.stage}`) })}
        </p>
      ) : null}
      {!result.signedIn && !result.signedOut ? (
        <p className="gk-lead" data-testid="kiosk-result-help">
          {t(
            result.stage === 'waiting for admin approval' && documentVerdict(draft.document) === 'held'
              ? 'kiosk.document.heldHelp'
              : result.stage === 'compliance failed' && documentVerdict(draft.document) === 'refused'
                ? 'kiosk.document.refusedHelp'
                : result.stage?.startsWith('waiting')
                  ? 'kiosk.result.waitHelp'
                  : 'kiosk.result.refusedHelp',
          )}
        </p>
      ) : null}
      {reason ? (
        <p className="gk-lead" data-testid="kiosk-result-reason">
          {t('kiosk.result.reason', { reason: reason.name })}
        </p>
      ) : null}
      {draft.temperature ? (
        <p className="gk-lead">{t('kiosk.result.reading', { value: draft.temperature.celsius })}</p>
      ) : null}
      {resultNotices({ online, hostName: host?.fullName ?? null, outputs: result.outputs ?? [], host: hostNotice }).map(
        (n) => (
          <p
            key={n.key}
            className={n.key.includes('output') ? 'gk-dimmed' : 'gk-lead'}
            data-testid="kiosk-result-notice"
          >
            {t(n.key, n.params)}
          </p>
        ),
      )}
      {result.signedIn && flow?.settings.print_badge && draft.person ? (
        <Badge
          person={draft.person}
          host={host?.fullName ?? null}
          areaName={kiosk.areaName}
          at={Date.now()}
          contents={flow.settings.badge_contents}
          company={draft.registration?.companyName ?? draft.companyName}
          lines={badgeLines(data.fields, draft.registration?.customFields ?? draft.customFields, i18n.language, (on) =>
            t(on ? 'customFields.yes' : 'customFields.no'),
          )}
        />
      ) : null}
      <div className="gh-kiosk-actions">
        {result.signedIn && flow?.settings.print_badge ? (
          <KButton
            variant="light"
            onClick={() => {
              onPrint?.();
              window.print();
            }}
            data-testid="kiosk-print"
          >
            {t('kiosk.result.print')}
          </KButton>
        ) : (
          <span />
        )}
        <KButton onClick={onDone} data-testid="kiosk-done">
          {t('kiosk.result.done')}
        </KButton>
      </div>
    </div>
  );
}
