// A custom field's or section's icon (domain FIELD_ICONS) before its label, as a line icon
// (24×24, currentColor; no emoji font needed on the tablet). Decorative only.
import type { ReactNode } from 'react';
import type { FieldIcon } from '../../../../domain/custom-field-sections';

const PATHS: Record<FieldIcon, string> = {
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v5M12 8h.01',
  car: 'M5 16h14M5 16v3h3v-3M16 16v3h3v-3M4 16v-4l2-5h12l2 5v4M4 12h16M7.5 14h.01M16.5 14h.01',
  briefcase: 'M3 8h18v12H3zM9 8V5h6v3M3 13h18',
  calendar: 'M4 5h16v15H4zM4 10h16M8 3v4M16 3v4',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2-5.5-2.9-5.5 2.9 1-6.2L3 9.6l6.2-.9z',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1z',
  'id-card': 'M3 6h18v12H3zM9 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM6 16a3 3 0 0 1 6 0M14 10h4M14 14h4',
  building: 'M3 21h18M5 21V9l7-5 7 5v12M9 21v-6h6v6',
};

export function withIcon(text: string, icon: string | null | undefined): ReactNode {
  const d = icon ? PATHS[icon as FieldIcon] : undefined;
  if (!d) return text;
  return (
    <span className="gk-with-icon">
      <svg
        aria-hidden="true"
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={d} />
      </svg>
      {text}
    </span>
  );
}
