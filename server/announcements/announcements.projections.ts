// What an announcement looks like on a device (catalogue table `announcements`) and on the API.
import { announcementState } from '../../domain/announcement';
import type { announcements } from '../db/schema/kiosk-config';
import type { ChangeInput } from '../sync/changes';

export type AnnouncementRow = typeof announcements.$inferSelect;

export const announcementChange = (a: AnnouncementRow): ChangeInput => ({
  table: 'announcements',
  id: a.id,
  op: 'put',
  version: a.version,
  data: {
    id: a.id,
    description: a.description,
    url: a.url,
    urgent: a.urgent,
    pinned: a.pinned,
    verbal: a.verbal,
    targetUserTypes: a.targetUserTypes,
    publishAt: a.publishAt,
    expiresAt: a.expiresAt,
    version: a.version,
  },
});

export const announcementRemoved = (id: string): ChangeInput => ({
  table: 'announcements',
  id,
  op: 'del',
  version: 0,
  data: null,
});

/** The API's shape (spec names on the wire), with the state computed at `now`. */
export const announcementWire = (a: AnnouncementRow, now: number) => ({
  id: a.id,
  description: a.description,
  url: a.url,
  urgent: a.urgent,
  pinned: a.pinned,
  verbal: a.verbal,
  target_user_types: a.targetUserTypes,
  publish_time: a.publishAt,
  expiry_time: a.expiresAt,
  version: a.version,
  state: announcementState(a, now),
});
export type AnnouncementWire = ReturnType<typeof announcementWire>;
