// What the demo contains: two companies, their sites, user types, a journey and login users.
import { PLANS } from '../../domain/constants';
import type { RegistrationMethod } from '../../domain/journey';
import type { RoleName } from '../../domain/permissions';

/** The demo's journey and flow names in the three content languages, so a kiosk in Arabic or
 * Spanish shows its tiles in that language: the English one is the stored `name` (the company's
 * default language), all three are `names`. */
export const DEMO_NAMES = {
  'Visitor sign-in': { en: 'Visitor sign-in', ar: 'تسجيل دخول الزوار', es: 'Registro de visitantes' },
  'Staff attendance': { en: 'Staff attendance', ar: 'حضور الموظفين', es: 'Asistencia del personal' },
  'Visitor arrival': { en: 'Visitor arrival', ar: 'وصول الزائر', es: 'Llegada de visitantes' },
  'Contractor arrival': { en: 'Contractor arrival', ar: 'وصول المقاول', es: 'Llegada de contratistas' },
  'Staff day': { en: 'Staff day', ar: 'يوم عمل الموظفين', es: 'Jornada del personal' },
} as const satisfies Record<string, { en: string; ar: string; es: string }>;
export type DemoName = keyof typeof DEMO_NAMES;

export interface DemoUser {
  email: string;
  fullName: string;
  role: RoleName;
  userType?: string;
  login: boolean;
  /** Platform staff: the flag, not the e-mail, makes the tech team. */
  platformStaff?: boolean;
  owner?: boolean;
}
export interface DemoEntity {
  name: string;
  subdomain: string;
  package: 'Cloud' | 'Standalone';
  plan: number;
  subscription: 'cloud' | 'standalone';
  copyright: string;
  sites: Array<{ name: string; lat: number; long: number; locationName: string; areas: string[] }>;
  userTypes: Array<{ name: string; registrationMethod: RegistrationMethod; gracePeriodMinutes: number }>;
  journeys: Array<{ name: DemoName; description: string; flows: Array<{ name: DemoName; userType: string }> }>;
  users: DemoUser[];
}

const acme: DemoEntity = {
  name: 'Acme',
  subdomain: 'acme',
  package: 'Cloud',
  plan: PLANS.professional,
  subscription: 'cloud',
  copyright: 'Acme Ltd',
  sites: [
    { name: 'Head Office', lat: 51.5072, long: -0.1276, locationName: 'London', areas: ['Reception', 'Meeting Rooms'] },
    { name: 'Warehouse', lat: 51.4545, long: -2.5879, locationName: 'Bristol', areas: ['Loading Bay', 'Stores'] },
  ],
  userTypes: [
    { name: 'Visitor', registrationMethod: 'registration allowed', gracePeriodMinutes: 30 },
    { name: 'Staff', registrationMethod: 'pre-registered by admin', gracePeriodMinutes: 60 },
    { name: 'Student', registrationMethod: 'pre-registration with approval required', gracePeriodMinutes: 45 },
    { name: 'Contractor', registrationMethod: 'pre-registration with approval required', gracePeriodMinutes: 30 },
  ],
  journeys: [
    {
      name: 'Visitor sign-in',
      description: 'Reception sign-in for visitors',
      flows: [{ name: 'Visitor arrival', userType: 'Visitor' }],
    },
  ],
  users: [
    { email: 'admin@acme.test', fullName: 'Ada Admin', role: 'admin', userType: 'Staff', login: true, owner: true },
    {
      email: 'reporter@acme.test',
      fullName: 'Rita Reporter',
      role: 'employee with reporting',
      userType: 'Staff',
      login: true,
    },
    { email: 'employee@acme.test', fullName: 'Eddie Employee', role: 'employee', userType: 'Staff', login: true },
    { email: 'warden@acme.test', fullName: 'Wendy Warden', role: 'fire warden', userType: 'Staff', login: true },
    { email: 'system@acme.test', fullName: 'Sid System', role: 'system admin', userType: 'Staff', login: true },
    { email: 'hannah.host@acme.test', fullName: 'Hannah Host', role: 'employee', userType: 'Staff', login: false },
    { email: 'harry.host@acme.test', fullName: 'Harry Host', role: 'employee', userType: 'Staff', login: false },
    { email: 'sam.staff@acme.test', fullName: 'Sam Staff', role: 'default users', userType: 'Staff', login: false },
    {
      email: 'carla.contractor@acme.test',
      fullName: 'Carla Contractor',
      role: 'default users',
      userType: 'Contractor',
      login: false,
    },
  ],
};

const globex: DemoEntity = {
  name: 'Globex',
  subdomain: 'globex',
  package: 'Standalone',
  plan: PLANS.lite,
  subscription: 'standalone',
  copyright: 'Globex Corporation',
  sites: [{ name: 'Globex Plant', lat: 40.7128, long: -74.006, locationName: 'New York', areas: ['Gatehouse'] }],
  userTypes: [
    { name: 'Visitor', registrationMethod: 'registration allowed', gracePeriodMinutes: 30 },
    { name: 'Staff', registrationMethod: 'pre-registered by admin', gracePeriodMinutes: 60 },
  ],
  journeys: [],
  users: [
    { email: 'admin@globex.test', fullName: 'Gina Globex', role: 'admin', userType: 'Staff', login: true, owner: true },
    {
      email: 'tech-team@gatehouse.internal',
      fullName: 'Gatehouse Tech Team',
      role: 'system admin',
      login: true,
      platformStaff: true,
    },
  ],
};

export const DEMO_ENTITIES: readonly DemoEntity[] = [acme, globex];
