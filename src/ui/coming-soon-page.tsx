// Route module for every screen not built yet: the translated route title and ComingSoon.
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Container } from '@mantine/core';
import { findRoute } from '../../domain/routes';
import { ComingSoon } from './coming-soon';

export function ComingSoonPage() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const route = findRoute(pathname);
  const title = t(`routes.${route?.title ?? 'notFound'}`);
  if (route?.kind === 'private') return <ComingSoon title={title} />;
  return (
    <Container size="sm" py="xl">
      <ComingSoon title={title} />
    </Container>
  );
}
