// History on admin devices: how many days of visit history before today an admin's
// device keeps offline. Older days are read from the server on demand, so the help line says
// they need a connection. Shown to people with company_details (the API asks for it too).
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHistoryWindow } from '../hooks/use-history-window';

export function HistoryWindowCard() {
  const { t } = useTranslation();
  const { stored, failed, error, busy, save, clearError } = useHistoryWindow();
  const [days, setDays] = useState<number | string>('');

  useEffect(() => {
    if (stored) setDays(stored.history_days);
  }, [stored]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void save(days);
  }

  return (
    <Paper withBorder radius="md" p="lg" data-testid="history-window-card">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('historyWindow.title')}
          </Title>
          {failed && !stored && navigator.onLine ? (
            <Alert color="red">{t('historyWindow.loadFailed')}</Alert>
          ) : (
            <>
              <NumberInput
                label={t('historyWindow.days')}
                description={t('historyWindow.help')}
                name="history_days"
                required
                allowDecimal={false}
                allowNegative={false}
                // No clamping: a number out of range is refused with the domain's message
                // instead of being silently changed into another one.
                clampBehavior="none"
                min={stored?.min_days}
                max={stored?.max_days}
                disabled={!stored}
                value={days}
                onChange={(value) => {
                  setDays(value);
                  clearError();
                }}
                error={error}
                data-testid="history-window-days"
              />
              <Group justify="flex-end">
                <Button type="submit" loading={busy} disabled={!stored} data-testid="history-window-save">
                  {t('historyWindow.save')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
