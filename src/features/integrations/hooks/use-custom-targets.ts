// The custom fields a directory field may fill (GET /api/integrations/custom-fields): every field
// of the company, those asked of people of the chosen user type first (`applies`).
import type { LocalizedText } from '../../../../domain/localized-text';
import { useIntegrationData } from './use-integration-data';

export interface CustomTargetWire {
  id: string;
  name: LocalizedText;
  type: string;
  section: LocalizedText;
  /** Asked of people of the chosen user type by one of its journey flows. */
  applies: boolean;
}

export function useCustomTargets(userTypeId: string | null) {
  const query = userTypeId ? `?user_type_id=${encodeURIComponent(userTypeId)}` : '';
  return useIntegrationData<CustomTargetWire[]>(`/integrations/custom-fields${query}`);
}
