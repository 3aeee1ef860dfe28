// Password recovery and first passwords. `request` mails a one-time link to every active user
// with the email (one per company) and answers nothing about whether any exists; `inspect` and
// `complete` use the link: an unknown token is 404, a used one 409 link_used, an expired one
// 409 link_expired. Completing sets the argon2id hash and ends every session of that user.
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { v7 as uuidv7 } from 'uuid';
import { isLanguage } from '../../domain/i18n';
import {
  PASSWORD_LINK_TTL_MS,
  PASSWORD_MAIL_INTERVAL_MS,
  PASSWORD_TOKEN_PATTERN,
  passwordLinkState,
  newPasswordSchema,
} from '../../domain/password-reset';
import { hashToken } from '../auth/tokens';
import type { Db } from '../db/database';
import { ApiError, notFound } from '../http/api-error';
import { parseOrThrow } from '../http/validate';
import type { Mailer } from '../mail/mailer';
import type { Realtime } from '../realtime';
import { passwordLinkMail } from './password-mail';
import { passwordResetRepo, type LinkPerson } from './password-reset.repo';

export const passwordLinkUrl = (baseUrl: string, token: string) =>
  `${baseUrl.replace(/\/$/, '')}/reset-password/${token}`;

/** A one-time link as issued: for the tech team's new-company answer. */
export interface IssuedLink {
  userId: string;
  email: string;
  url: string;
  expiresAt: number;
}

export function passwordResetService(
  db: Db,
  now: () => number,
  mailer: Mailer,
  realtime?: Pick<Realtime, 'recheckUsers'>,
) {
  const repo = passwordResetRepo(db);

  async function usable(token: string) {
    if (!PASSWORD_TOKEN_PATTERN.test(token)) throw notFound();
    const row = await repo.byTokenHash(hashToken(token));
    // A link of an account deactivated since looks like no link at all.
    if (!row || row.archived) throw notFound();
    const state = passwordLinkState(
      { usedAt: row.link.usedAt?.getTime() ?? null, expiresAt: row.link.expiresAt.getTime() },
      now(),
    );
    if (state !== 'usable') throw new ApiError(409, state === 'used' ? 'link_used' : 'link_expired');
    return row;
  }

  /** A fresh link for the person, mailed in their language; at most one per person per minute.
   * Answers the link (null when one was sent within the minute). */
  async function issue(person: LinkPerson, baseUrl: string): Promise<IssuedLink | null> {
    const at = now();
    const latest = await repo.latestFor(person.entityId, person.id);
    if (latest && at - latest.createdAt.getTime() < PASSWORD_MAIL_INTERVAL_MS) return null;
    const token = randomBytes(32).toString('base64url');
    const purpose = person.hasPassword ? 'reset' : 'first';
    await repo.replace({
      entityId: person.entityId,
      id: uuidv7(),
      userId: person.id,
      tokenHash: hashToken(token),
      purpose,
      createdAt: new Date(at),
      expiresAt: new Date(at + PASSWORD_LINK_TTL_MS),
    });
    await mailer.send(
      person.entityId,
      passwordLinkMail({
        lang: isLanguage(person.lang) ? person.lang : 'en',
        to: person.email,
        name: person.fullName,
        company: person.company,
        url: passwordLinkUrl(baseUrl, token),
        purpose,
      }),
    );
    return {
      userId: person.id,
      email: person.email,
      url: passwordLinkUrl(baseUrl, token),
      expiresAt: at + PASSWORD_LINK_TTL_MS,
    };
  }

  return {
    /** POST /api/forgot-password: mails the links; the caller learns nothing either way. */
    async request(email: string, baseUrl: string): Promise<void> {
      for (const person of await repo.activeUsersByEmail(email)) await issue(person, baseUrl);
    },

    /** After a dashboard invitation: a first-password link to each invited person who has none. */
    async firstPasswordLinks(entityId: string, userIds: readonly string[], baseUrl: string): Promise<IssuedLink[]> {
      const links: IssuedLink[] = [];
      for (const person of await repo.activeUsersWithoutPassword(entityId, userIds)) {
        const link = await issue(person, baseUrl);
        if (link) links.push(link);
      }
      return links;
    },

    /** GET /api/reset-password/{token}: whose password the link sets, so the page can say so. */
    async inspect(token: string) {
      const row = await usable(token);
      return { email: row.email, purpose: row.link.purpose as 'reset' | 'first' };
    },

    /** POST /api/reset-password/{token}: sets the password once and ends the person's sessions. */
    async complete(token: string, body: unknown): Promise<void> {
      // The link first: an unknown link is a missing page whatever the body says.
      const row = await usable(token);
      const input = parseOrThrow(newPasswordSchema, body);
      const passwordHash = await hash(input.password);
      if (!(await repo.consume(row.link, passwordHash, new Date(now())))) throw new ApiError(409, 'link_used');
      // Their open sockets go with the sessions, on every instance.
      await realtime
        ?.recheckUsers(row.link.entityId, [row.link.userId])
        .catch((error: unknown) => console.warn('gatehouse realtime: session re-check failed', error));
    },
  };
}
export type PasswordResetService = ReturnType<typeof passwordResetService>;
