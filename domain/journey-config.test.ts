import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { flowInput, flowRuleErrors, journeyInput, journeyRuleErrors, nameTaken } from './journey-config';
import {
  isEmailList,
  journeyIdleTimings,
  readFlowSettings,
  readJourneySettings,
  type RegistrationMethod,
} from './journey';
import { parse } from './validation';

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const r = parse(schema, input);
  return r.ok ? {} : r.errors;
};
const T1 = '0193a000-0000-7000-8000-000000000001';
const T2 = '0193a000-0000-7000-8000-000000000002';
const T3 = '0193a000-0000-7000-8000-000000000003';
const methods: Record<string, RegistrationMethod> = {
  [T1]: 'registration not required',
  [T2]: 'registration not required',
  [T3]: 'registration allowed',
};
const facts = { methodOf: (id: string) => methods[id] };

describe('journey and flow payloads', () => {
  it('accepts a name in several languages and fills every setting with its default', () => {
    const r = parse(journeyInput, { name: { en: 'Visitors', ar: 'الزوار' } });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.settings).toMatchObject({ touch_mode: true, areas: [], remote_work: false });
  });

  it('gives a kiosk 45 s before its idle warning and 30 s of warning, and never a warning under 20 s', () => {
    const r = parse(journeyInput, { name: 'Visitors' });
    expect(r.ok && journeyIdleTimings(r.value.settings)).toEqual({ idleMs: 45_000, warningMs: 30_000 });
    const set = (settings: object) => errorsOf(journeyInput, { name: 'Visitors', settings });
    expect(set({ idle_seconds: 5, idle_warning_seconds: 20 })).toEqual({});
    expect(set({ idle_warning_seconds: 19 })).toEqual({
      'settings.idle_warning_seconds': ['validation.idle_warning_seconds'],
    });
    expect(set({ idle_seconds: 4 })).toEqual({ 'settings.idle_seconds': ['validation.idle_seconds'] });
    expect(set({ idle_seconds: 12.5 })).toEqual({ 'settings.idle_seconds': ['validation.idle_seconds'] });
    expect(set({ idle_seconds: '30' })).toEqual({ 'settings.idle_seconds': ['validation.idle_seconds'] });
  });

  it('refuses a name under 2 characters, in any language', () => {
    expect(errorsOf(journeyInput, { name: 'V' })).toEqual({ name: ['validation.too_short'] });
    expect(errorsOf(journeyInput, { name: { en: 'Visitors', es: 'V' } })).toEqual({ name: ['validation.too_short'] });
    expect(errorsOf(flowInput, { name: '' }).name).toBeDefined();
  });

  it('refuses a reminder under 30 minutes and a lead under 5 minutes', () => {
    const e = errorsOf(flowInput, { name: 'Arrival', settings: { reminder_minutes: 29, send_before_minutes: 4 } });
    expect(e['settings.reminder_minutes']).toEqual(['validation.reminder_min']);
    expect(e['settings.send_before_minutes']).toEqual(['validation.send_before_min']);
    expect(
      errorsOf(flowInput, { name: 'Arrival', settings: { reminder_minutes: 30, send_before_minutes: 5 } }),
    ).toEqual({});
  });

  it('takes e-mail recipients comma-separated, without spaces, each valid', () => {
    expect(isEmailList('a@b.co,c@d.co')).toBe(true);
    expect(isEmailList('')).toBe(true);
    expect(isEmailList('a@b.co, c@d.co')).toBe(false);
    expect(isEmailList('a@b.co,nope')).toBe(false);
    expect(errorsOf(journeyInput, { name: 'Visitors', settings: { notification_emails: 'a@b.co;c@d.co' } })).toEqual({
      'settings.notification_emails': ['validation.email_list'],
    });
  });

  it('reads rows stored before the builder existed', () => {
    expect(readJourneySettings({ touch_mode: true })).toMatchObject({ sites: [], instruction: null, feedback: false });
    expect(readFlowSettings({ print_badge: true, compliance_frequency: 'every time' })).toMatchObject({
      print_badge: true,
      test_check: 'none',
      reminder_minutes: null,
      badge_contents: ['photo', 'name', 'host', 'date', 'qr'],
    });
    expect(readFlowSettings(null).temperature_threshold).toBe(37.5);
  });
});

describe('rules that need the company’s user types', () => {
  const journey = (settings: Record<string, unknown>) => v.parse(journeyInput, { name: 'Visitors', settings });
  const flow = (user_type_id: string, settings: Record<string, unknown> = {}) =>
    v.parse(flowInput, { name: 'Arrival', user_type_id, settings });

  it('allows one "registration not required" user type per journey', () => {
    expect(journeyRuleErrors(journey({ shown_user_types: [T1, T3] }), facts)).toEqual({});
    expect(journeyRuleErrors(journey({ shown_user_types: [T1, T2] }), facts)).toEqual({
      'settings.shown_user_types': ['validation.one_unregistered_type'],
    });
    expect(flowRuleErrors(flow(T2), facts, [T1])).toEqual({ user_type_id: ['validation.one_unregistered_type'] });
    expect(flowRuleErrors(flow(T1), facts, [T1, T3])).toEqual({});
  });

  it('refuses facial recognition for a user type that does not register', () => {
    expect(flowRuleErrors(flow(T1, { facial_recognition: true }), facts)).toEqual({
      'settings.facial_recognition': ['validation.face_unregistered'],
    });
    expect(flowRuleErrors(flow(T3, { facial_recognition: true }), facts)).toEqual({});
    expect(journeyRuleErrors(journey({ facial_recognition: true }), facts, [T1])).toEqual({
      'settings.facial_recognition': ['validation.face_unregistered'],
    });
  });

  it('refuses a user type of another company and an enabled instruction screen without text', () => {
    const other = '0193a000-0000-7000-8000-00000000000f';
    expect(flowRuleErrors(flow(other), facts)).toEqual({ user_type_id: ['validation.uuid'] });
    expect(journeyRuleErrors(journey({ instruction_enabled: true, instruction: { en: ' ' } }), facts)).toEqual({
      'settings.instruction': ['validation.required'],
    });
  });

  it('finds a taken name in any language, ignoring case', () => {
    expect(nameTaken({ en: 'Visitors', ar: 'الزوار' }, ['Staff', { es: 'visitors' }])).toBe(true);
    expect(nameTaken('Contractors', ['Staff', { ar: 'الزوار' }])).toBe(false);
  });
});
