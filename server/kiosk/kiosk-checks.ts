// Server checks of what a kiosk sends inside its mutations: the camera photo by its content
// (pre-registration photo rules, catalogue codes) and the custom-field values against the flow.
import { and, eq, inArray } from 'drizzle-orm';
import { imageSize } from 'image-size';
import { checkCustomFieldValues, type CustomFieldEntry } from '../../domain/custom-fields';
import { readFlowSettings } from '../../domain/journey';
import { photoProblems } from '../../domain/preregistration';
import { journeyFlows } from '../db/schema/journeys';
import { customFields } from '../db/schema/kiosk-config';
import { ApiError, notFound } from '../http/api-error';
import type { Tx } from '../sync/changes';

/** A data URL (or bare base64) checked by its bytes: png or jpg, 250–4096 × 300–2688, at most 3 MB. */
export function checkKioskPhoto(input: string): void {
  const base64 = input.replace(/^data:[^;,]*;base64,/, '');
  const bytes = /^[A-Za-z0-9+/=\s]*$/.test(base64) ? Buffer.from(base64, 'base64') : Buffer.alloc(0);
  let size: { type?: string; width?: number; height?: number } = {};
  try { size = imageSize(bytes); } catch { size = {}; }
  const problems = photoProblems({ type: size.type, bytes: bytes.length, width: size.width ?? 0, height: size.height ?? 0 });
  if (problems.length) throw new ApiError(400, problems[0]!, { photo: problems.map((p) => `errors.${p}`) });
}

/** Rejects (400 custom_field_invalid) unless every value belongs to the flow's fields and fits its type. */
export async function checkVisitCustomFields(tx: Tx, entityId: string, flowId: string | undefined, values: readonly CustomFieldEntry[]): Promise<void> {
  if (values.length === 0) return;
  if (!flowId) throw new ApiError(400, 'custom_field_invalid', { custom_fields: ['customFields.unknown_field'] });
  const [flow] = await tx.select({ settings: journeyFlows.settings }).from(journeyFlows)
    .where(and(eq(journeyFlows.entityId, entityId), eq(journeyFlows.id, flowId)));
  if (!flow) throw notFound();
  const ids = readFlowSettings(flow.settings).custom_field_ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const fields = ids.length
    ? await tx.select({ id: customFields.id, name: customFields.name, type: customFields.type, options: customFields.options })
      .from(customFields).where(and(eq(customFields.entityId, entityId), inArray(customFields.id, ids)))
    : [];
  const errors = checkCustomFieldValues(fields, values);
  if (errors) throw new ApiError(400, 'custom_field_invalid', errors);
}
