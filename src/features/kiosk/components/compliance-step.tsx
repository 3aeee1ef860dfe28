// Compliance: the form's questions (yes/no), notes for a wrong answer (20 characters at least,
// or the question fails), the statement and the agreement. Evaluated in the rules worker.
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { ComplianceAnswerItem } from '../../../../domain/compliance';
import { NOTES_MIN } from '../../../../domain/constants';
import { requiredDocumentStatus } from '../../../../domain/kiosk-journey';
import { textIn } from '../../../../domain/localized-text';
import { documentFacts, documentVerdict } from '../../../../domain/vaccine-status';
import { useDb } from '../../../db/db-context';
import type { KioskData, KioskFlow } from '../hooks/use-kiosk-data';
import { getRules } from '../hooks/use-rules';
import type { Draft } from '../journey/draft';
import { CameraPhoto } from './camera-photo';
import { KButton, KCheck, KTextarea } from './kit';

/** A certificate page, readable on reception's screen and small enough to sync quickly. */
const PAGE = { width: 1024, height: 768 };

interface Props {
  data: KioskData;
  flow: KioskFlow | undefined;
  /** The person signing in (null: registering now, so nothing is on a profile yet). */
  personId: string | null;
  onDone: (patch: Partial<Draft>, stop?: boolean) => void;
  onCancel: () => void;
}

export function ComplianceStep({ data, flow, personId, onDone, onCancel }: Props) {
  const { t, i18n } = useTranslation();
  const db = useDb();
  // The visitor's language, falling back to the company's default (English until it has one).
  const say = (text: Parameters<typeof textIn>[0]) => textIn(text, i18n.language, 'en');
  const form = data.forms.find((f) => f.id === flow?.settings.compliance_id);
  const [answers, setAnswers] = useState<Record<string, ComplianceAnswerItem>>({});
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [certificateType, setCertificateType] = useState<'covid_vaccine' | 'pcr_test'>('covid_vaccine');
  const [photo, setPhoto] = useState<string | undefined>(undefined);
  // The certificates on the person's profile, as this kiosk holds them (type, status, dates, facts).
  const documents = useLiveQuery(
    async () => (personId ? db.personDocuments.where('personId').equals(personId).toArray() : []),
    [db, personId],
  );
  if (!form) return null;
  const document = requiredDocumentStatus(form, (documents ?? []).map(documentFacts), Date.now());
  const verdict = documentVerdict(document);
  const set = (questionId: string, patch: Partial<ComplianceAnswerItem>) =>
    setAnswers((s) => ({ ...s, [questionId]: { questionId, answer: 'yes', ...s[questionId], ...patch } }));
  const complete = form.questions.every((q) => answers[q.id]);

  async function submit() {
    setBusy(true);
    const list = form!.questions
      .map((q) => answers[q.id]!)
      .map((a) => (a.notes ? a : { questionId: a.questionId, answer: a.answer }));
    const result = await getRules().evaluateCompliance(form!, list, agreed);
    setBusy(false);
    onDone(
      {
        compliance: { formId: form!.id, version: form!.version, answers: list, agreed, outcome: result.outcome },
        document,
        certificate: verdict === 'held' && photo ? { type: certificateType, photo } : null,
      },
      result.outcome === 'failed' || verdict === 'refused',
    );
  }

  return (
    <div className="gk-stack" data-testid="kiosk-compliance">
      <h2 dir="auto">{say(form.name)}</h2>
      {form.questions.map((q, i) => {
        const a = answers[q.id];
        const wrong = a && a.answer !== q.desired;
        const notesLength = (a?.notes ?? '').trim().length;
        return (
          <div key={q.id} className="gk-card gk-stack-tight" data-testid="kiosk-question">
            <p className="gk-lead gk-strong" id={`q-${q.id}`} dir="auto">
              {i + 1}. {say(q.text)}
            </p>
            <div className="gk-row" role="radiogroup" aria-labelledby={`q-${q.id}`}>
              {(['yes', 'no'] as const).map((answer) => (
                <KButton
                  key={answer}
                  role="radio"
                  aria-checked={a?.answer === answer}
                  variant={a?.answer === answer ? 'filled' : 'default'}
                  data-testid={`kiosk-answer-${answer}`}
                  onClick={() => set(q.id, { answer })}
                >
                  {t(`kiosk.compliance.${answer}`)}
                </KButton>
              ))}
            </div>
            {wrong ? (
              <KTextarea
                label={t('kiosk.compliance.notes')}
                description={t('kiosk.compliance.notesHint', { count: NOTES_MIN })}
                value={a.notes ?? ''}
                maxLength={1000}
                data-testid="kiosk-notes"
                onChange={(e) => set(q.id, { notes: e.currentTarget.value })}
                error={
                  notesLength > 0 && notesLength < NOTES_MIN
                    ? t('kiosk.compliance.notesShort', { count: NOTES_MIN })
                    : undefined
                }
              />
            ) : null}
          </div>
        );
      })}
      {form.documentRequired && documents && verdict !== 'ok' ? (
        // No valid certificate on the profile: the visit waits for reception, who sees one and
        // approves it (a positive test refuses). domain/vaccine-status.ts documentVerdict.
        <p className="gk-card gk-lead" role="note" data-testid="kiosk-document-note" data-status={document}>
          {t(verdict === 'refused' ? 'kiosk.document.refusedNote' : 'kiosk.document.heldNote')}
        </p>
      ) : null}
      {form.documentRequired && documents && verdict === 'held' ? (
        // Optional: a photo of the certificate lets reception check it from the dashboard.
        <div className="gk-card gk-stack-tight" data-testid="kiosk-certificate">
          <p className="gk-lead">{t('kiosk.document.photoHelp')}</p>
          <div className="gk-row" role="radiogroup" aria-label={t('kiosk.document.kind')}>
            {(['covid_vaccine', 'pcr_test'] as const).map((kind) => (
              <KButton
                key={kind}
                role="radio"
                aria-checked={certificateType === kind}
                variant={certificateType === kind ? 'filled' : 'default'}
                onClick={() => setCertificateType(kind)}
                data-testid={`kiosk-certificate-${kind}`}
              >
                {t(`kiosk.document.kinds.${kind}`)}
              </KButton>
            ))}
          </div>
          <CameraPhoto
            value={photo}
            onChange={setPhoto}
            size={PAGE}
            label={t('kiosk.document.photo')}
            testId="kiosk-certificate-photo"
            className="gh-kiosk-page-photo"
          />
        </div>
      ) : null}
      {say(form.statement) ? (
        <p className="gk-lead gk-italic" dir="auto">
          {say(form.statement)}
        </p>
      ) : null}
      {say(form.agreementText) ? (
        <KCheck
          label={<span dir="auto">{say(form.agreementText)}</span>}
          checked={agreed}
          onChange={(e) => setAgreed(e.currentTarget.checked)}
          data-testid="kiosk-agree"
        />
      ) : null}
      <div className="gh-kiosk-actions">
        <KButton variant="subtle" onClick={onCancel}>
          {t('kiosk.cancel')}
        </KButton>
        <KButton onClick={() => void submit()} disabled={!complete} loading={busy} data-testid="kiosk-next">
          {t('kiosk.next')}
        </KButton>
      </div>
    </div>
  );
}
