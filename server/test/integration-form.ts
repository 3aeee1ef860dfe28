// What the settings form sends for a new integration, and the fake Microsoft Graph's Entra
// credentials: plain values, without vitest, for the server tests, end-to-end tests and benches.

/** A new integration as the settings form sends it: no sites or groups, the department field. */
export function integrationForm(
  name: string,
  credentials: object,
  o: { frequency?: string; mapping?: Record<string, string> } = {},
) {
  return {
    name,
    credentials,
    frequency: o.frequency ?? 'daily',
    mapping: o.mapping ?? {},
    sites: [],
    groups: [],
    fields: ['department'],
    user_type_id: null,
  };
}

/** Entra (Azure AD) credentials for a fake Graph, with its secret unless told another. */
export const entraCredentials = (
  graph: { tenantId: string; clientId: string; clientSecret: string },
  clientSecret = graph.clientSecret,
) => ({ kind: 'azureAD', tenantId: graph.tenantId, clientId: graph.clientId, clientSecret });
