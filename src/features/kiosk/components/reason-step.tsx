// Late sign-in / early sign-out reasons (spec 1 §4): the only reason comes preselected,
// several are chosen from; each shows the text the company wrote for it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReasonChoice } from '../../../../domain/reasons';
import type { Draft } from '../journey/draft';
import { KButton } from './kit';
import './reason-step.css';

interface Props {
  choice: ReasonChoice;
  draft: Draft;
  onDone: (patch: Partial<Draft>) => void;
  onCancel: () => void;
}

export function ReasonStep({ choice, draft, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const reasons = choice.kind === 'preselected' ? [choice.reason] : choice.kind === 'choose' ? choice.reasons : [];
  const [picked, setPicked] = useState<string | null>(choice.kind === 'preselected' ? choice.reason.id : null);
  const reason = reasons.find((r) => r.id === picked);
  return (
    <div className="gk-stack" data-testid="kiosk-reason">
      <h2>{draft.action === 'in' ? t('kiosk.reason.late') : t('kiosk.reason.early')}</h2>
      <p className="gk-lead">{draft.person?.fullName}</p>
      <div className="gk-stack-tight" role="radiogroup" aria-label={t('kiosk.reason.pick')}>
        {reasons.map((r) => (
          <KButton
            key={r.id}
            role="radio"
            aria-checked={r.id === picked}
            variant={r.id === picked ? 'filled' : 'default'}
            className="gh-kiosk-person gh-reason-option"
            data-testid="kiosk-reason-option"
            data-selected={r.id === picked}
            onClick={() => setPicked(r.id)}
          >
            <span className="gh-reason-name" dir="auto">
              {r.name}
            </span>
            {r.presented ? (
              <span className="gh-reason-text" dir="auto">
                {r.presented}
              </span>
            ) : null}
          </KButton>
        ))}
      </div>
      <div className="gh-kiosk-actions">
        <KButton variant="subtle" onClick={onCancel}>
          {t('kiosk.cancel')}
        </KButton>
        <KButton
          disabled={!reason}
          data-testid="kiosk-next"
          onClick={() =>
            reason &&
            onDone({
              reason: {
                reasonId: reason.id,
                ...(reason.attendanceCode ? { attendanceCode: reason.attendanceCode } : {}),
              },
            })
          }
        >
          {t('kiosk.confirm')}
        </KButton>
      </div>
    </div>
  );
}
