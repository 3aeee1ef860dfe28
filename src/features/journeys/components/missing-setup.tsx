// "There is no … yet" under a choice whose list is empty, with a link to where to make one
//: a new company building its first flow is told what it needs first.
import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function MissingSetup({ what, to }: { what: 'compliance' | 'sections'; to: string }) {
  const { t } = useTranslation();
  return (
    <span data-testid={`missing-${what}`}>
      {t(`gettingStarted.missing.${what}`)}{' '}
      <Anchor component={Link} to={to} size="sm">
        {t(`gettingStarted.missing.${what}Link`)}
      </Anchor>
    </span>
  );
}
