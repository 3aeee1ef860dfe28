// Whether the signed-in company may use custom fields (spec 1 §6: not on the lite plan).
import { customFieldsAllowed } from '../../../../domain/custom-field-sections';
import { useStoredUser } from '../../../api/session';

export function useCustomFieldsAllowed(): boolean {
  return customFieldsAllowed(useStoredUser()?.data.user.entity.plan);
}
