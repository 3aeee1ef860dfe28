// "Test connection" on /integration-settings: one page of people asked of the directory with the
// saved credentials, or with what is typed now when it differs (a saved secret left empty is
// kept by the server), or, before the first save, with what is typed. The answer belongs to the
// credentials it was asked with: typing anything new hides it.
import { useState } from 'react';
import type { IntegrationWire } from '../../../../domain/integrations';
import { api } from '../../../api/client';
import { credentialsOf, formOf, type SettingsForm } from './use-integration-settings-form';

export type ConnectionResult =
  { state: 'ok'; people: number } | { state: 'failed'; code: string } | { state: 'offline' };

export function useConnectionTest(form: SettingsForm, saved: IntegrationWire | null) {
  const typed = JSON.stringify(credentialsOf(form));
  const [result, setResult] = useState<{ for: string; result: ConnectionResult } | null>(null);
  const [testing, setTesting] = useState(false);

  async function test() {
    const asSaved = saved !== null && typed === JSON.stringify(credentialsOf(formOf(saved)));
    const body = asSaved ? {} : { credentials: credentialsOf(form) };
    setTesting(true);
    const res = await api.post<{ data: { ok: true; people: number } }>(
      saved ? `/integrations/${saved.id}/test-connection` : '/integrations/test-connection',
      body,
      { timeoutMs: 45_000 },
    );
    setTesting(false);
    setResult({
      for: typed,
      result: res.ok
        ? { state: 'ok', people: res.data.data.people }
        : res.status === 0
          ? { state: 'offline' }
          : { state: 'failed', code: res.body?.code ?? 'generic' },
    });
  }

  return { test, testing, result: result?.for === typed ? result.result : null };
}
