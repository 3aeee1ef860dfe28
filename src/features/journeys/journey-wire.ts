// The journey builder's REST answers (server/journeys/journeys.service.ts journeyWire/flowWire).
import type { LocalizedText } from '../../../domain/localized-text';

export interface JourneyItem {
  id: string;
  name: LocalizedText;
  description: string | null;
  logo: string | null;
  settings: Record<string, unknown>;
  version: number;
  flows_count?: number;
}

export interface FlowItem {
  id: string;
  journey_id: string;
  name: LocalizedText;
  description: string | null;
  user_type_id: string | null;
  settings: Record<string, unknown>;
  version: number;
}

export type JourneyDetail = JourneyItem & { flows: FlowItem[] };
