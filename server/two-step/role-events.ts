// 'Permissions Updated' (spec 2 §4): when an edit moves a person to another role, the company's
// room hears pongUpdateUserRole so that person's app refetches its permissions. Wraps the people
// service rather than editing it; session-checks.ts (outside this wrapper) then re-checks sockets.
import type { Db } from '../db/database';
import type { PeopleService } from '../people/people.service';
import type { Realtime } from '../realtime';
import { usersRepo } from '../users/users.repo';

export function withRoleEvents(
  people: PeopleService,
  db: Db,
  realtime?: Pick<Realtime, 'emitToEntity'>,
): PeopleService {
  if (!realtime) return people;
  const users = usersRepo(db);
  return {
    ...people,
    async update(ctx, id, body, parse) {
      const before = await users.findWithRole(ctx.entityId, id);
      const result = await people.update(ctx, id, body, parse);
      const after = await users.findWithRole(ctx.entityId, id);
      if (before && after && before.role.id !== after.role.id)
        realtime.emitToEntity(ctx.entityId, 'pongUpdateUserRole', {
          entity_id: ctx.entityId,
          entity_user_id: id,
          oldRole: { name: before.role.name },
          newRole: { name: after.role.name },
          permitted_by: ctx.userId,
        });
      return result;
    },
  };
}
