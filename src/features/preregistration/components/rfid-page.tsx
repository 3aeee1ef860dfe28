// /rfid/:code — RFID enrolment through a one-time link. The holder (the person on their phone,
// or someone at a desk reader) sees whose card is being enrolled, holds the card to the reader
// (which types the id and Enter) or types it, and the card is stored against that person.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RfidLinkDetails } from '../../../../domain/rfid-enrolment';
import { rfidCardBody } from '../../../../domain/rfid-enrolment';
import { parse } from '../../../../domain/validation';
import { problemOf, rfidApi, type RfidLinkProblem } from '../hooks/rfid-api';
import { PublicShell } from './public-shell';
import { formatDateTime } from '../../../../domain/date-format';

/** Names and card ids keep their own direction inside a sentence of the other (Arabic around Latin). */
const isolate = (s: string) => `\u2068${s}\u2069`;

type State =
  | { kind: 'loading' }
  | { kind: 'problem'; problem: RfidLinkProblem }
  | { kind: 'ready'; details: RfidLinkDetails }
  | { kind: 'done'; details: RfidLinkDetails; rfid: string };

export function RfidPage() {
  const { t, i18n } = useTranslation();
  const { code = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [card, setCard] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  // Loaded once per code (not per language): after enrolling, the link is used up.
  const language = useRef(i18n.language);
  useEffect(() => {
    let live = true;
    void rfidApi.details(language.current, code).then((r) => {
      if (!live) return;
      setState(
        r.ok ? { kind: 'ready', details: r.data } : { kind: 'problem', problem: problemOf(r.status, r.body?.code) },
      );
    });
    return () => {
      live = false;
    };
  }, [code]);

  async function enrol(e: React.FormEvent) {
    e.preventDefault();
    if (state.kind !== 'ready' || busy) return;
    const checked = parse(rfidCardBody, { rfid: card });
    if (!checked.ok) {
      setError(t(checked.errors.rfid?.[0] ?? 'validation.required'));
      return;
    }
    setBusy(true);
    const r = await rfidApi.enrol(i18n.language, code, checked.value.rfid);
    setBusy(false);
    if (r.ok) {
      setState({ kind: 'done', details: state.details, rfid: r.data.rfid });
      return;
    }
    if (r.status === 400) {
      setError(r.body?.errors?.rfid?.join(' ') ?? r.body?.message ?? t('errors.generic'));
      return;
    }
    const problem = problemOf(r.status, r.body?.code);
    if (problem === 'failed') setError(r.body?.message ?? t('errors.generic'));
    else setState({ kind: 'problem', problem });
  }

  const title = t('rfidLink.title');
  if (state.kind === 'loading')
    return (
      <PublicShell title={title}>
        <Loader aria-label={t('rfidLink.loading')} />
      </PublicShell>
    );
  if (state.kind === 'problem') {
    return (
      <PublicShell title={title}>
        <Alert color="orange" variant="light">
          <Text data-testid="rfid-problem" data-problem={state.problem}>
            {t(`rfidLink.${state.problem}`)}
          </Text>
        </Alert>
      </PublicShell>
    );
  }
  const { details } = state;
  const p = { name: isolate(details.full_name), company: isolate(details.company_name) };
  if (state.kind === 'done') {
    return (
      <PublicShell title={title}>
        <Alert color="teal" variant="light" title={t('rfidLink.doneTitle')}>
          <Text data-testid="rfid-done">{t('rfidLink.done', { ...p, rfid: isolate(state.rfid) })}</Text>
        </Alert>
      </PublicShell>
    );
  }
  const until = formatDateTime(details.expires_at, i18n.language);
  return (
    <PublicShell title={title}>
      <Stack gap="md" component="form" onSubmit={(e: React.FormEvent) => void enrol(e)} data-testid="rfid-link-form">
        <Text size="lg" fw={600} data-testid="rfid-person">
          {t('rfidLink.forPerson', p)}
        </Text>
        {details.has_card ? (
          <Alert color="yellow" variant="light">
            {t('rfidLink.replaces', p)}
          </Alert>
        ) : null}
        <TextInput
          label={t('rfidLink.card')}
          description={t('rfidLink.cardHelp')}
          required
          // A card reader types into whichever field has focus.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          dir="ltr"
          size="md"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={card}
          error={error}
          onChange={(e) => {
            setCard(e.currentTarget.value);
            setError(undefined);
          }}
          data-testid="rfid-link-card"
        />
        <Button type="submit" size="md" loading={busy} disabled={!card.trim()} data-testid="rfid-link-enrol">
          {t('rfidLink.enrol')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('rfidLink.once', { until })}
        </Text>
      </Stack>
    </PublicShell>
  );
}
