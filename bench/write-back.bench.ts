// `npm run bench:write-back`: the write-back job on PGlite and (when it answers)
// PostgreSQL against the fake Wonde: 2,000 linked pupils with a school week of sign-ins and
// sign-outs (20,000 attendance records) become 20,000 session marks in one run; a second run
// finds nothing new and sends nothing. Target for the first run: ≤ 30 s.
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { modeCodeKey } from '../domain/attendance-codes';
import type { DbKind } from '../server/db/database';
import {
  attendanceModes,
  attendanceRecords,
  integrationPeople,
  integrationWriteBack,
  integrations,
} from '../server/db/schema/index';
import { addEvacuees } from '../server/emergency/evacuees.seed';
import { credentialsBox } from '../server/integrations/directory-access';
import { startWondeFake } from '../tests/fake-directories/wonde';
import { count, perSecond, seconds, timed, type SectionResult } from './support/report';
import { onEachDatabase, runWhenMain } from './support/per-database';
import { openTarget } from './support/target';

const PUPILS = 2_000;
const DAYS = 5;
const CHUNK = 1_000;

async function section(kind: DbKind, postgres: string | undefined): Promise<SectionResult> {
  const wonde = await startWondeFake();
  process.env.WONDE_BASE_URL = wonde.url;
  const target = await openTarget(kind, postgres);
  try {
    const db = target.database.db;
    const crowd = await addEvacuees(db, PUPILS);
    const entityId = crowd.entityId;
    const modeId = uuidv7();
    await db.insert(attendanceModes).values({
      entityId,
      id: modeId,
      name: 'Registers',
      workingDays: [1, 2, 3, 4, 5],
      startMinutes: 510,
      endMinutes: 930,
      lateGraceMinutes: 5,
      earlyGraceMinutes: 5,
      attendanceCode: 'P',
    });
    const integId = uuidv7();
    await db.insert(integrations).values({
      entityId,
      id: integId,
      kind: 'wonde',
      name: 'Oak School',
      status: 'active',
      frequency: 'daily',
      credentials: credentialsBox(process.env.INTEGRATION_KEY).seal({
        kind: 'wonde',
        schoolId: wonde.schoolId,
        token: 'wonde-token',
      }),
      mapping: {},
      sites: [],
      groups: [],
      fields: [],
      createdAt: new Date(),
    });
    for (let i = 0; i < PUPILS; i += CHUNK)
      await db.insert(integrationPeople).values(
        crowd.people.slice(i, i + CHUNK).map((userId, j) => ({
          entityId,
          integrationId: integId,
          externalId: `S${1_000_000 + i + j}`,
          userId,
        })),
      );
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const rows = [];
    for (let d = 1; d <= DAYS; d++)
      for (const personId of crowd.people)
        for (const [kind, hour] of [
          ['in', 8.5],
          ['out', 15.5],
        ] as const)
          rows.push({
            entityId,
            id: uuidv7(),
            personId,
            kind,
            areaId: crowd.areaId,
            attendanceModeId: modeId,
            attendanceCode: 'P',
            source: 'kiosk',
            at: today - d * 86_400_000 + hour * 3_600_000,
          });
    for (let i = 0; i < rows.length; i += CHUNK) await db.insert(attendanceRecords).values(rows.slice(i, i + CHUNK));
    await db.insert(integrationWriteBack).values({
      entityId,
      id: integId,
      attendance: true,
      attendanceCodes: { [modeCodeKey(modeId, 'on_time')]: '/' },
    });
    await db.execute(sql`analyze`);
    const jobs = target.app.services.writeBackJobs;
    const first = await timed(() => jobs.run(entityId, integId));
    const again = await timed(() => jobs.run(entityId, integId));
    const [state] = await db
      .select()
      .from(integrationWriteBack)
      .where(sql`${integrationWriteBack.id} = ${integId}`);
    if (state?.lastError) console.log(`last error: ${state.lastError}`);
    const marks = wonde.writeBacks.reduce<number>((n, b) => n + (b as { attendance: unknown[] }).attendance.length, 0);
    return {
      title: `write-back of ${count(rows.length)} attendance records to the fake Wonde (${kind})`,
      figures: [
        {
          label: 'first run (every mark sent)',
          value: seconds(first.ms),
          target: '≤ 30 s',
          met: first.ms <= 30_000,
          note: `${count(marks)} marks in ${count(wonde.writeBacks.length)} requests, ${perSecond(marks, first.ms)}`,
        },
        { label: 'second run (nothing new)', value: seconds(again.ms), note: `sent ${again.result?.sent ?? 0}` },
      ],
    };
  } finally {
    await target.close();
    await wonde.close();
    delete process.env.WONDE_BASE_URL;
  }
}

export const run = (): Promise<SectionResult[]> => onEachDatabase(section);

runWhenMain(import.meta.url, run);
