// What a visit's "Stage" says. The journey stages (spec 1 §4) describe the way
// in: "ready to sign in" and "approved by admin" mean the person may go in. A row of the logbook
// or history is a sign-in, so once the person is in (or has left) those words are stale: the row
// says where the person is instead. Stages that held the person back keep their own words.
import type { VisitStatus } from './logbook';

const MAY_GO_IN = new Set(['ready to sign in', 'approved by admin']);

/** The i18n key of the stage shown for a visit, with its English words as the fallback. */
export function stageShown(
  stage: string | null | undefined,
  status: VisitStatus | null,
): { key: string; fallback: string } | null {
  if (!stage) return null;
  if (status && MAY_GO_IN.has(stage)) return { key: `logbook.statuses.${status}`, fallback: status.replace('_', ' ') };
  return { key: `kiosk.stage.${stage}`, fallback: stage };
}
