// The public pre-registration calls (no token) in the visitor's language.
import type {
  ComplianceAnswerItem,
  ComplianceEvaluation,
  ComplianceForm,
  ComplianceOutcome,
} from '../../../../domain/compliance';
import { api } from '../../../api/client';
import type { HttpResult } from '../../../api/http';

export type Flags = Record<
  | 'is_image_required'
  | 'is_qr_included'
  | 'is_face_id_included'
  | 'is_rfid_included'
  | 'is_compliance_required'
  | 'is_using_kiosk_screen',
  0 | 1
>;
export interface PreUserType {
  id: string;
  name: string;
  pre_registration_method: string;
  can_register: boolean;
  can_change_user_type: boolean;
}
export interface CustomFieldSection {
  name: string;
  custom_fields: Array<{
    id: string;
    name: string;
    type: string;
    options: string[];
    /** `options` as the visitor reads them, in the page's language. */
    option_labels?: string[];
    required: boolean;
  }>;
}
export interface VisitDetails {
  visitMetadata: { is_expired: boolean; reason: string | null; is_confirmed: boolean };
  validations: Partial<Flags>;
  visit_date: string;
  visit_time: string;
  journey_id: string | null;
  visitId: string;
  serverUrl: string;
  user: {
    first_name: string;
    last_name: string;
    email: string;
    phone: string | null;
    company_name: string | null;
    image: string | null;
    passport_id: string | null;
  } | null;
  local_qr: string | null;
}
export interface OnlineCompliance {
  visitMetadata: VisitDetails['visitMetadata'];
  due: boolean;
  form: ComplianceForm | null;
  /** Certificates this visit's link has sent already. */
  certificatesSent?: number;
}
export interface OnlineComplianceResult {
  outcome: ComplianceOutcome;
  questions: ComplianceEvaluation['questions'];
  agreement_missing: boolean;
}
export interface QrAnswer {
  local_qr: string | null;
  visit_id: string | null;
  status?: string;
  journey_id?: string | null;
  visit_url?: string;
}

const data = <T>(r: HttpResult<{ data: T }>): HttpResult<T> => (r.ok ? { ...r, data: r.data.data } : r);

export const preApi = {
  flags: async (lang: string, flowId: string) =>
    data(await api.get<{ data: Flags }>(`/check_image_qr_compliance_status_in_pre_registration/${lang}/${flowId}`)),
  userTypes: async (lang: string, flowId: string) =>
    data(await api.get<{ data: PreUserType[] }>(`/get_pre_registration_user_type/${lang}/${flowId}`)),
  customFields: async (lang: string, flowId: string) =>
    data(
      await api.get<{ data: CustomFieldSection[] }>(
        `/get_custom_fields_to_expected_visit/${lang}?journey_id=${flowId}`,
      ),
    ),
  hostSearch: async (flowId: string, search: string) =>
    data(
      await api.post<{ data: Array<{ id: string; full_name: string }> }>('/hosts/search', {
        journey_id: flowId,
        search,
      }),
    ),
  userEntity: async (lang: string, flowId: string, email: string) =>
    data(
      await api.post<{ data: { user_type_id: string | null; has_image: boolean } }>(`/check_user_entity/${lang}`, {
        journey_id: flowId,
        email,
      }),
    ),
  validateUserType: async (lang: string, flowId: string, email: string) =>
    data(
      await api.post<{
        data: { user_exists: boolean; user_type: { id: string; name: string } | null; can_change_user_type: boolean };
      }>(`/validate_user_type_pre_registration/${lang}`, { journey_id: flowId, email }),
    ),
  create: async (lang: string, form: FormData) =>
    data(await api.post<{ data: QrAnswer }>(`/create-expected-visit/${lang}`, form)),
  details: async (lang: string, visitUrl: string, code?: string) =>
    data(
      await api.get<{ data: VisitDetails }>(
        `/visit-by-visit-url/${lang}/${visitUrl}${code ? `?code=${encodeURIComponent(code)}` : ''}`,
      ),
    ),
  onlineCompliance: async (lang: string, visitUrl: string) =>
    data(
      await api.get<{ data: OnlineCompliance }>(
        `/online-compliance/${lang}/${visitUrl}?tz_offset=${new Date().getTimezoneOffset()}`,
      ),
    ),
  sendCertificate: async (lang: string, visitUrl: string, body: { type: 'covid_vaccine' | 'pcr_test'; file: string }) =>
    data(
      await api.post<{ data: { id: string; certificates_sent: number } }>(
        `/online-compliance/${lang}/${visitUrl}/certificate`,
        body,
      ),
    ),
  answerCompliance: async (
    lang: string,
    visitUrl: string,
    body: { answers: ComplianceAnswerItem[]; agreed: boolean },
  ) => data(await api.post<{ data: OnlineComplianceResult }>(`/online-compliance/${lang}/${visitUrl}`, body)),
  confirmRegistration: async (lang: string, token: string) =>
    data(await api.post<{ data: { status: string; message: string } }>(`/confirm-registration/${lang}`, { token })),
  // Sent as POST with the PUT override the spec describes.
  confirm: async (lang: string, form: FormData) =>
    data(
      await api.post<{ data: QrAnswer }>(`/confirm/visit/${lang}`, form, {
        headers: { 'X-HTTP-Method-Override': 'PUT' },
      }),
    ),
};

/** The QR a success page shows survives a reload of that page (not a new visit). */
export const QR_KEY = 'gatehouse.preregistration.qr';
