// A demo database with N extra people and a second fire warden, in a folder a server then opens.
import { openDatabase } from '../../../server/db/database';
import { addEvacuees, type Evacuees } from '../../../server/emergency/evacuees.seed';
import { seedDemo } from '../../../server/seed/demo';

export type { Evacuees };

export async function seedEvacuees(dataDir: string, count: number): Promise<Evacuees> {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedDemo(database.db, { now: Date.now, production: false });
    return await addEvacuees(database.db, count);
  } finally {
    await database.close();
  }
}
