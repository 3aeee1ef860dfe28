// Groups operations in /api/docs by what a reader looks for, from words in the path (first rule
// that matches wins). A route can name its own group with config.openapi.tag.
const RULES: Array<[RegExp, string]> = [
  [/^\/api\/(docs|openapi)/, 'API document'],
  [/^\/(metrics|api\/health|api\/ready)/, 'operations'],
  [/^\/api\/sync\//, 'sync'],
  [/login|logout|user_details|user-role|change-lang|password/, 'account'],
  [/emergency/, 'emergency'],
  [/kiosk|attendance_mode/, 'kiosks'],
  [/attendance|reason/, 'attendance'],
  [/announcement/, 'announcements'],
  [/privacy/, 'privacy'],
  [/entity|entities|subdomain|company/, 'company'],
  [/sites?\b|areas?\b/, 'sites'],
  [/remote-sign-in/, 'remote sign-in'],
  [
    /pre_registration|hosts|check_user|check-change|confirm|visit-by|online-compliance|custom_fields_to/,
    'pre-registration',
  ],
  [/expected-visit|approve|reject|visitor-photos|validate-user-update/, 'expected visits'],
  [/journey/, 'journeys'],
  [/compliance/, 'compliance'],
  [/reports|exports/, 'reports'],
  [/dashboard|grid_preferences/, 'dashboard'],
  [/section/, 'custom fields'],
  [/roles/, 'roles'],
  [/mail-log/, 'mail'],
  [/users?|label|invite|rfid|department|document/, 'people'],
];

/** The groups in reading order. */
export const TAGS = RULES.map(([, name]) => name);

export function tagOf(url: string): string {
  // Parameter names (`:entityId`) say nothing about the group.
  const words = url.replace(/:\w+/g, '');
  return (
    RULES.find(([pattern]) => pattern.test(words))?.[1] ?? (words.split('/').find((w) => w && w !== 'api') || 'other')
  );
}
