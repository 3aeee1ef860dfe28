// Full-area loading state: the route fallback and the language-switch overlay.
import { Center, Loader, LoadingOverlay } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

export function FullScreenOverlay({ visible }: { visible: boolean }) {
  return <LoadingOverlay visible={visible} zIndex={1000} pos="fixed" overlayProps={{ blur: 2 }} />;
}
