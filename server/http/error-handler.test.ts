// Database failures map to catalogue answers: unique violations are 409 with their code,
// cross-tenant references 404. Uses real constraint errors from a real database.
import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { users } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { entityFacts, testClock } from '../test/harness';
import { seedDemo } from '../seed/demo';
import { ApiError } from './api-error';
import { toApiError } from './error-handler';

eachDatabase((get) => {
  async function failureOf(action: () => Promise<unknown>): Promise<ApiError | null> {
    try {
      await action();
    } catch (error) {
      return toApiError(error);
    }
    throw new Error('expected the statement to fail');
  }

  it('a duplicate email within an entity is 409 email_exists; across entities it is allowed', async () => {
    const { db } = get().database;
    await seedDemo(db, { now: testClock().now, production: false });
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@acme.test'));
    const duplicate = await failureOf(() =>
      db.insert(users).values({ ...admin!, id: uuidv7(), phone: null, passportId: null }),
    );
    expect(duplicate).toMatchObject({ statusCode: 409, code: 'email_exists' });

    const globex = await entityFacts(get().database, 'globex');
    const crossRole = await failureOf(() =>
      db.insert(users).values({ ...admin!, id: uuidv7(), email: 'x@acme.test', entityId: globex.entity.id }),
    );
    // Globex has no role with Acme's role id: the composite foreign key refuses it.
    expect(crossRole).toMatchObject({ statusCode: 404, code: 'not_found' });
  });

  it('unknown errors are not mapped (they become a 500 generic)', () => {
    expect(toApiError(new Error('boom'))).toBeNull();
  });
});
