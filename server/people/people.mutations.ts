// Server apply of a person's details edited on a device: the edit carries the version it was
// based on, and an older one loses (the server keeps its value and the device is told).
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../db/schema/people';
import { ApiError, notFound } from '../http/api-error';
import type { FeatureMutations } from '../sync/handlers';
import { personChange } from './people.projections';
import { roleGuard } from './role-guard';

export const peopleServerMutations = {
  'person.updateDetails': {
    async apply(a, args) {
      // The same rule as the REST edit: nobody edits a person whose role allows more than theirs.
      await roleGuard(a.tx).change(a.ctx, [args.personId]);
      const where = and(eq(users.entityId, a.ctx.entityId), eq(users.id, args.personId));
      const [current] = await a.tx.select({ version: users.version }).from(users).where(where).for('update');
      if (!current) throw notFound();
      if (current.version !== args.baseVersion) throw new ApiError(409, 'version_conflict');
      const patch = Object.fromEntries(
        Object.entries({
          fullName: args.patch.fullName,
          phone: args.patch.phone,
          email: args.patch.email?.toLowerCase(),
        }).filter(([, value]) => value !== undefined),
      );
      const [updated] = await a.tx
        .update(users)
        .set({ ...patch, version: sql`${users.version} + 1`, updatedAt: a.receivedAt })
        .where(where)
        .returning();
      if (updated) a.change(personChange(updated));
    },
  },
} satisfies FeatureMutations<'person.updateDetails'>;
