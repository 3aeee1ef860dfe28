// The visitor badge: name, photo, host, date, area and the person's own QR code. The print
// stylesheet in kiosk.css prints it alone at badge size (86 × 54 mm).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { badgeCode } from '../../../../domain/kiosk';
import type { DraftPerson } from '../journey/draft';
import { formatDate } from '../../../../domain/date-format';
import { useCompanyBrand } from '../hooks/use-company-brand';

export function Badge({
  person,
  host,
  areaName,
  at,
  lines = [],
}: {
  person: DraftPerson;
  host: string | null;
  areaName: string;
  at: number;
  /** Custom fields printed on the badge (hooks/badge-fields.ts). */
  lines?: Array<{ id: string; label: string; value: string }>;
}) {
  const { t, i18n } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  // The device holds its own company's row only; the badge carries its logo (issue 14).
  const brand = useCompanyBrand({ name: '', logo: null });
  useEffect(() => {
    // The QR encoder is loaded when a badge is printed, not with the kiosk.
    void import('qrcode').then((m) => m.default.toDataURL(badgeCode(person.id), { margin: 1, width: 180 })).then(setQr);
  }, [person.id]);
  return (
    <div className="gh-badge" data-testid="kiosk-badge" data-qr={badgeCode(person.id)}>
      {person.image ? (
        <img className="gh-badge-photo" src={person.image} alt="" />
      ) : (
        <div className="gh-badge-photo" aria-hidden="true" />
      )}
      <div>
        {brand.logo ? (
          <img className="gh-badge-logo" src={brand.logo} alt={brand.name} data-testid="badge-logo" />
        ) : null}
        <div className="gh-badge-name">{person.fullName}</div>
        {host ? <div className="gh-badge-line">{t('kiosk.badge.host', { host })}</div> : null}
        <div className="gh-badge-line">{areaName}</div>
        <div className="gh-badge-line">{formatDate(at, i18n.language)}</div>
        {lines.map((l) => (
          <div key={l.id} className="gh-badge-line" data-testid="badge-field">
            {l.label}: {l.value}
          </div>
        ))}
      </div>
      {qr ? <img className="gh-badge-qr" src={qr} alt={t('kiosk.badge.qr')} /> : <div />}
    </div>
  );
}
