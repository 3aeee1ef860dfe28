// The built-in passport (DESIGN ruling 12). A person reaches their account through any company
// session: the account is the one their company user points at (users.passport_id), created on
// first use from that user's email, password and language. Every method starts from the caller's
// own account, so a person can only ever act on their own identity.
import { hash, verify } from '@node-rs/argon2';
import { TOKEN_TTL_MS } from '../../domain/constants';
import {
  changePasswordInput,
  daysSinceDeactivation,
  invitationInput,
  passportIdInput,
  type PassportAccountView,
  type PassportStatus,
} from '../../domain/passport';
import { passportQrInput, sealedIdOfPassportQr, type PassportQrPerson } from '../../domain/passport-qr';
import type { StoredUser } from '../../domain/session';
import type { Db } from '../db/database';
import { ApiError, notFound, unauthenticated } from '../http/api-error';
import type { RequestContext } from '../http/context';
import { parseOrThrow } from '../http/validate';
import { tokensRepo } from '../auth/auth.repo';
import { hashToken, newToken } from '../auth/tokens';
import { toUserDetails } from '../users/user-details';
import { usersRepo } from '../users/users.repo';
import { PASSPORT_ID_TTL_MS, type PassportIdCipher } from './passport-id-cipher';
import { passportRepo, type PassportAccountRow } from './passport.repo';
import { eq } from 'drizzle-orm';
import { passportAccounts, users } from '../db/schema/index';
import type { Realtime } from '../realtime';
import { endSessions } from '../identity/end-sessions';

export function passportService(
  db: Db,
  now: () => number,
  cipher: PassportIdCipher,
  realtime?: Pick<Realtime, 'dropToken'>,
) {
  const repo = passportRepo(db);
  const people = usersRepo(db);
  const tokens = tokensRepo(db);

  /** The caller's account, created and linked on first use (the email is the identity). */
  async function own(ctx: RequestContext) {
    const me = await people.findWithRole(ctx.entityId, ctx.userId);
    if (!me) throw unauthenticated();
    const linked = me.user.passportId ? await repo.byId(me.user.passportId) : null;
    if (linked) return { me, account: linked };
    const account =
      (await repo.byEmail(me.user.email)) ??
      (await repo.create(
        { email: me.user.email, passwordHash: me.user.passwordHash, lang: me.user.lang },
        new Date(now()),
      ));
    await repo.linkUser(ctx.entityId, ctx.userId, account.id);
    // Linked now, so an invitation for this same user is no longer pending.
    await repo.dropInvitation(ctx.entityId, ctx.userId);
    return { me, account };
  }

  function statusOf(ctx: RequestContext, account: PassportAccountRow): PassportStatus {
    const at = account.deactivatedAt?.getTime() ?? null;
    return {
      active: at === null,
      deactivated_at: account.deactivatedAt?.toISOString() ?? null,
      days_since_deactivation: at === null ? null : daysSinceDeactivation(at, now()),
      encrypted_id:
        at === null
          ? cipher.seal({
              pid: account.id,
              entityId: ctx.entityId,
              userId: ctx.userId,
              exp: now() + PASSPORT_ID_TTL_MS,
            })
          : null,
      visitor_passport_id: at === null ? cipher.sealAccount(account.id) : null,
    };
  }

  async function view(ctx: RequestContext, account: PassportAccountRow): Promise<PassportAccountView> {
    const [companies, invitations] = await Promise.all([repo.companies(account.id), repo.invitations(account.id)]);
    return {
      id: account.id,
      email: account.email,
      lang: account.lang,
      active: account.deactivatedAt === null,
      companies: companies.map((c) => ({ ...c, current: c.entity_id === ctx.entityId && c.user_id === ctx.userId })),
      invitations: invitations.map((i) => ({
        id: i.id,
        entity_id: i.entity_id,
        company_name: i.company_name,
        invited_at: i.created_at.toISOString(),
      })),
    };
  }

  async function pendingInvitation(ctx: RequestContext, body: unknown) {
    const { invitation_id } = parseOrThrow(invitationInput, body);
    const { account } = await own(ctx);
    const invitation = await repo.invitation(account.id, invitation_id);
    if (!invitation) throw notFound();
    return { account, invitation };
  }

  return {
    async checkActivationStatus(ctx: RequestContext): Promise<PassportStatus> {
      return statusOf(ctx, (await own(ctx)).account);
    },

    async reactivate(ctx: RequestContext): Promise<PassportStatus> {
      const { account } = await own(ctx);
      await repo.update(account.id, { deactivatedAt: null }, new Date(now()));
      return statusOf(ctx, { ...account, deactivatedAt: null });
    },

    async deactivate(ctx: RequestContext): Promise<PassportStatus> {
      const { account } = await own(ctx);
      const at = account.deactivatedAt ?? new Date(now());
      await repo.update(account.id, { deactivatedAt: at }, new Date(now()));
      return statusOf(ctx, { ...account, deactivatedAt: at });
    },

    async account(ctx: RequestContext): Promise<PassportAccountView> {
      return view(ctx, (await own(ctx)).account);
    },

    async changePassword(ctx: RequestContext, body: unknown): Promise<void> {
      const input = parseOrThrow(changePasswordInput, body);
      const { me, account } = await own(ctx);
      // The password this session logs in with: a forgot-password reset changes the company
      // user's hash, so the account's own copy may be older than it.
      const stored = me.user.passwordHash ?? account.passwordHash;
      const matches = stored ? await verify(stored, input.current_password).catch(() => false) : false;
      if (!matches) throw new ApiError(400, 'wrong_password', { current_password: ['errors.wrong_password'] });
      const passwordHash = await hash(input.password); // argon2id is the library's default
      const at = new Date(now());
      // The new password and the end of every other session of every company user this account
      // holds commit together; this session stays.
      const ended = await db.transaction(async (tx) => {
        await tx
          .update(passportAccounts)
          .set({ passwordHash, updatedAt: at })
          .where(eq(passportAccounts.id, account.id));
        const holders = await tx
          .update(users)
          .set({ passwordHash })
          .where(eq(users.passportId, account.id))
          .returning({ entityId: users.entityId, id: users.id });
        const hashes: string[] = [];
        for (const entityId of new Set(holders.map((h) => h.entityId)))
          hashes.push(
            ...(await endSessions(
              tx,
              entityId,
              holders.filter((h) => h.entityId === entityId).map((h) => h.id),
              { keepToken: ctx.tokenHash, at },
            )),
          );
        return hashes;
      });
      for (const hash of ended) realtime?.dropToken(hash);
    },

    async acceptInvitation(ctx: RequestContext, body: unknown): Promise<PassportAccountView> {
      const { account, invitation } = await pendingInvitation(ctx, body);
      await repo.linkUser(invitation.entityId, invitation.userId, account.id);
      await repo.dropInvitation(invitation.entityId, invitation.userId);
      return view(ctx, account);
    },

    async rejectInvitation(ctx: RequestContext, body: unknown): Promise<PassportAccountView> {
      const { account, invitation } = await pendingInvitation(ctx, body);
      await repo.dropInvitation(invitation.entityId, invitation.userId);
      return view(ctx, account);
    },

    /** The passport host's side of the redirect: a sealed, unexpired id opens that company session. */
    async generateTokenById(body: unknown): Promise<StoredUser> {
      const { id } = parseOrThrow(passportIdInput, body);
      const claims = cipher.open(id);
      if (!claims || claims.exp < now()) throw unauthenticated();
      const account = await repo.byId(claims.pid);
      if (!account) throw unauthenticated();
      if (account.deactivatedAt) throw new ApiError(403, 'account_deactivated');
      const holder = await people.findWithRole(claims.entityId, claims.userId);
      if (!holder || holder.user.archived || holder.user.passportId !== account.id) throw unauthenticated();
      if (holder.user.dashboardRevokedAt) throw new ApiError(403, 'dashboard_access_revoked');
      const token = newToken();
      const at = now();
      await tokens.insert({
        tokenHash: hashToken(token),
        entityId: claims.entityId,
        userId: claims.userId,
        expiresAt: new Date(at + TOKEN_TTL_MS),
        createdAt: new Date(at),
      });
      return { data: { access_token: token, expires_at: at + TOKEN_TTL_MS, user: toUserDetails(holder) } };
    },

    /** A scanned passport QR, to the caller's company's person holding that passport: a code not
     * sealed here is refused (qr_invalid); a passport with no one in this company answers 404. */
    async resolveQr(ctx: RequestContext, body: unknown): Promise<PassportQrPerson> {
      const { code } = parseOrThrow(passportQrInput, body);
      const sealed = sealedIdOfPassportQr(code);
      const pid = sealed ? cipher.openAccount(sealed) : null;
      if (!pid) throw new ApiError(400, 'qr_invalid');
      const holder = await repo.holderIn(ctx.entityId, pid);
      if (!holder) throw notFound();
      return { user_id: holder.id, full_name: holder.fullName, email: holder.email, user_type_id: holder.userTypeId };
    },

    /** Users page "invite to dashboard": a pending invitation on the person's passport account. */
    async invite(entityId: string, userId: string): Promise<void> {
      const target = await people.findWithRole(entityId, userId);
      if (!target || target.user.passportId) return;
      const account =
        (await repo.byEmail(target.user.email)) ??
        (await repo.create(
          { email: target.user.email, passwordHash: target.user.passwordHash, lang: target.user.lang },
          new Date(now()),
        ));
      await repo.invite(entityId, userId, account.id, new Date(now()));
    },

    /** Users page "revoke": the company leaves the person's passport, pending or accepted. */
    async revoke(entityId: string, userId: string): Promise<void> {
      await repo.dropInvitation(entityId, userId);
      await repo.unlinkUser(entityId, userId);
    },
  };
}
export type PassportService = ReturnType<typeof passportService>;
