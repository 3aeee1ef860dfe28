// The visitor badge: what the flow's "Badge contents" ticks (photo, name, company, user type,
// host, date, the person's own QR code; hooks/badge-contents.ts), the area and the custom fields
// printable on a badge. The print stylesheet in kiosk.css prints it alone at badge size (86 × 54 mm).
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { badgeCode } from '../../../../domain/kiosk';
import { readFlowSettings, type FlowSettings } from '../../../../domain/journey';
import type { DraftPerson } from '../journey/draft';
import { formatDate } from '../../../../domain/date-format';
import { useDb } from '../../../db/db-context';
import { badgeView } from '../hooks/badge-contents';
import { useCompanyBrand } from '../hooks/use-company-brand';

export function Badge({
  person,
  host,
  areaName,
  at,
  lines = [],
  contents = readFlowSettings({}).badge_contents,
  company = null,
}: {
  person: DraftPerson;
  host: string | null;
  areaName: string;
  at: number;
  /** Custom fields printed on the badge (hooks/badge-fields.ts). */
  lines?: Array<{ id: string; label: string; value: string }>;
  /** The flow's "Badge contents". */
  contents?: FlowSettings['badge_contents'];
  /** The company the visitor typed at this sign-in, if any (else the one on file). */
  company?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const db = useDb();
  const [qr, setQr] = useState<string | null>(null);
  // The device holds its own company's row only; the badge carries its logo.
  const brand = useCompanyBrand({ name: '', logo: null });
  const onFile = useLiveQuery(async () => {
    const row = await db.people.get(person.id);
    const type = person.userTypeId ? await db.userTypes.get(person.userTypeId) : undefined;
    return { company: row?.companyName ?? null, userType: type?.name ?? null };
  }, [db, person.id, person.userTypeId]);
  const view = badgeView(contents, {
    photo: person.image,
    name: person.fullName,
    company: company ?? onFile?.company,
    userType: onFile?.userType,
    host,
    date: formatDate(at, i18n.language),
  });
  useEffect(() => {
    if (!view.qr) return;
    // The QR encoder is loaded when a badge is printed, not with the kiosk.
    void import('qrcode').then((m) => m.default.toDataURL(badgeCode(person.id), { margin: 1, width: 180 })).then(setQr);
  }, [person.id, view.qr]);
  return (
    <div className="gh-badge" data-testid="kiosk-badge" data-qr={view.qr ? badgeCode(person.id) : undefined}>
      {view.photo ? (
        <img className="gh-badge-photo" src={view.photo} alt="" />
      ) : (
        <div className="gh-badge-photo" aria-hidden="true" hidden={!view.photoSlot} />
      )}
      <div>
        {brand.logo ? (
          <img className="gh-badge-logo" src={brand.logo} alt={brand.name} data-testid="badge-logo" />
        ) : null}
        {view.name ? <div className="gh-badge-name">{view.name}</div> : null}
        {view.company ? (
          <div className="gh-badge-line" data-testid="badge-company">
            {view.company}
          </div>
        ) : null}
        {view.userType ? (
          <div className="gh-badge-line" data-testid="badge-user-type">
            {view.userType}
          </div>
        ) : null}
        {view.host ? <div className="gh-badge-line">{t('kiosk.badge.host', { host: view.host })}</div> : null}
        <div className="gh-badge-line">{areaName}</div>
        {view.date ? <div className="gh-badge-line">{view.date}</div> : null}
        {lines.map((l) => (
          <div key={l.id} className="gh-badge-line" data-testid="badge-field">
            {l.label}: {l.value}
          </div>
        ))}
      </div>
      {view.qr && qr ? <img className="gh-badge-qr" src={qr} alt={t('kiosk.badge.qr')} /> : <div />}
    </div>
  );
}
