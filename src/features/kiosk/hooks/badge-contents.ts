// What a badge prints, from the flow's "Badge contents": each part only when
// the flow ticked it and there is something to print. The area and the custom fields marked
// "printable on badge" are always printed (no choice in the flow governs them).
import type { BADGE_CONTENTS } from '../../../../domain/journey';

type Part = (typeof BADGE_CONTENTS)[number];

export interface BadgeFacts {
  photo: string | null | undefined;
  name: string;
  company: string | null | undefined;
  userType: string | null | undefined;
  host: string | null | undefined;
  date: string;
}

export interface BadgeView {
  photo: string | null;
  /** Whether the photo's place is kept (ticked, even when the person has no photo). */
  photoSlot: boolean;
  name: string | null;
  company: string | null;
  userType: string | null;
  host: string | null;
  date: string | null;
  qr: boolean;
}

export function badgeView(contents: readonly Part[], f: BadgeFacts): BadgeView {
  const on = (p: Part) => contents.includes(p);
  const text = (p: Part, v: string | null | undefined) => (on(p) && v?.trim() ? v.trim() : null);
  return {
    photo: on('photo') ? (f.photo ?? null) : null,
    photoSlot: on('photo'),
    name: text('name', f.name),
    company: text('company', f.company),
    userType: text('user_type', f.userType),
    host: text('host', f.host),
    date: text('date', f.date),
    qr: on('qr'),
  };
}
