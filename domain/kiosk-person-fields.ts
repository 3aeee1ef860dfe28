// The fields the kiosk asks every new person by itself, before any custom-field section: the
// custom-field page lists them so that an admin does not add a second "Company".
export const BUILT_IN_PERSON_FIELDS = ['firstName', 'lastName', 'companyName', 'email', 'phone'] as const;
export type BuiltInPersonField = (typeof BUILT_IN_PERSON_FIELDS)[number];
