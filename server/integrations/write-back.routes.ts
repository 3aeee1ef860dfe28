// Attendance codes and write-back of a directory integration. Paths after DESIGN
// ruling 11 under /api/integrations/:id; every route needs the `integration` permission and
// finds the caller's integration before reading a body (another company's id answers 404).
// The job sweeps every minute; the lease keeps two instances from writing one integration twice.
import type { FastifyInstance } from 'fastify';
import { attendanceCodesInput, writeBackInput } from '../../domain/attendance-codes';
import { contextOf, requirePermission } from '../http/context';
import { noteSchema } from '../http/route-schemas';
import type { AttendanceCodesService } from './attendance-codes';
import type { WriteBackJob } from './write-back';
import type { WriteBackService } from './write-back.service';

const SWEEP_MS = 60_000;
type Id = { Params: { id: string } };

export async function writeBackRoutes(
  app: FastifyInstance,
  {
    attendanceCodes,
    writeBack,
    jobs,
  }: { attendanceCodes: AttendanceCodesService; writeBack: WriteBackService; jobs: WriteBackJob },
) {
  let timer: ReturnType<typeof setInterval> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void jobs.sweep().catch(() => undefined), SWEEP_MS);
    timer.unref?.();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await jobs.idle();
  });

  const doc = (summary: string, extra: object = {}) => ({ config: { openapi: { summary, ...extra } } });
  const access = { preHandler: requirePermission('integration') };

  app.get<Id>(
    '/api/integrations/:id/attendance-codes',
    { ...doc('Attendance modes and reasons with the directory code each maps to'), ...access },
    async (request) => attendanceCodes.get(contextOf(request), request.params.id),
  );
  app.put<Id>(
    '/api/integrations/:id/attendance-codes',
    { ...doc('Map attendance outcomes to the directory’s codes', { body: attendanceCodesInput }), ...access },
    async (request) => {
      noteSchema(attendanceCodesInput, request.body);
      return attendanceCodes.put(contextOf(request), request.params.id, request.body);
    },
  );
  app.get<Id>(
    '/api/integrations/:id/write-back',
    { ...doc('What is written back to the directory, and how far it got'), ...access },
    async (request) => writeBack.get(contextOf(request), request.params.id),
  );
  app.put<Id>(
    '/api/integrations/:id/write-back',
    { ...doc('Choose what is written back to the directory', { body: writeBackInput }), ...access },
    async (request) => {
      noteSchema(writeBackInput, request.body);
      return writeBack.put(contextOf(request), request.params.id, request.body);
    },
  );
  app.post<Id>(
    '/api/integrations/:id/write-back/run',
    { ...doc('Write back now (marks already sent are not sent again)'), ...access },
    async (request) => writeBack.run(contextOf(request), request.params.id),
  );
}
