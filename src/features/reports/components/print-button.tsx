// "Print" beside a report's Export menu: prints the whole filtered report (usePrintReport).
// Reports are read from the server, so offline it says so instead of printing.
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PrintButton({
  state,
  onPrint,
}: {
  state: { loading: boolean; offline: boolean; failed: boolean };
  onPrint(): void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align="flex-end" className="gh-no-print">
      <Button variant="default" loading={state.loading} onClick={onPrint} data-testid="print-button">
        {t('reportPrint.button')}
      </Button>
      {state.failed ? (
        <Text size="xs" c="orange.8" maw={260} ta="end" data-testid="print-failed" role="status">
          {state.offline ? t('reportPrint.needsConnection') : t('reportPrint.failed')}
        </Text>
      ) : null}
    </Stack>
  );
}
