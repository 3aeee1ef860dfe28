// What a kiosk picks from its synced configuration: the flow for a person's type, the user
// types a journey offers, the fields a visitor fills, and what a badge prints.
import { describe, expect, it } from 'vitest';
import { readFlowSettings, readJourneySettings } from '../../../../domain/journey';
import { badgeLines } from './badge-fields';
import { flowFields, flowFor, shownTypes, type KioskData, type KioskField, type KioskFlow } from './use-kiosk-data';

const flow = (id: string, journeyId: string, userTypeId: string | null, settings = {}): KioskFlow =>
  ({ id, journeyId, name: id, userTypeId, settings: readFlowSettings(settings) }) as KioskFlow;
const field = (id: string, patch: Partial<KioskField> = {}): KioskField =>
  ({
    id,
    sectionId: 's1',
    name: { en: `Field ${id}`, ar: `حقل ${id}` },
    type: 'short text',
    options: [],
    display: 'always',
    required: false,
    fillable: true,
    printable: false,
    ...patch,
  }) as KioskField;
const data = (patch: Partial<KioskData>): KioskData =>
  ({ flows: [], userTypes: [], fields: [], ...patch }) as unknown as KioskData;

describe('flowFor', () => {
  const flows = [flow('visitor-flow', 'j1', 'visitor'), flow('staff-flow', 'j1', 'staff'), flow('other', 'j2', null)];
  it('takes the journey’s flow for the person’s type, else the journey’s first', () => {
    expect(flowFor(data({ flows }), 'j1', 'staff')?.id).toBe('staff-flow');
    expect(flowFor(data({ flows }), 'j1', 'contractor')?.id).toBe('visitor-flow');
    expect(flowFor(data({ flows }), 'j1', null)?.id).toBe('visitor-flow');
    expect(flowFor(data({ flows }), 'j3', 'staff')).toBeUndefined();
  });
});

describe('shownTypes', () => {
  const userTypes = [{ id: 'visitor' }, { id: 'staff' }] as KioskData['userTypes'];
  it('offers the types the journey lists, or every type when it lists none', () => {
    const journey = (ids: string[]) => ({ settings: readJourneySettings({ shown_user_types: ids }) }) as never;
    expect(shownTypes(data({ userTypes }), journey(['staff'])).map((t) => t.id)).toEqual(['staff']);
    expect(shownTypes(data({ userTypes }), journey([])).map((t) => t.id)).toEqual(['visitor', 'staff']);
  });
});

describe('flowFields', () => {
  it('asks the fields the flow lists and those of its sections, never an unfillable one', () => {
    const fields = [
      field('listed', { sectionId: 'other' }),
      field('in-section', { sectionId: 'asked' }),
      field('hidden', { sectionId: 'asked', fillable: false }),
      field('unrelated', { sectionId: 'other' }),
    ];
    const f = flow('f', 'j1', null, { custom_field_ids: ['listed'], section_ids: ['asked'] });
    expect(flowFields(data({ fields }), f).map((x) => x.id)).toEqual(['listed', 'in-section']);
    expect(flowFields(data({ fields }), undefined)).toEqual([]);
  });
});

describe('badgeLines', () => {
  const yesNo = (on: boolean) => (on ? 'Yes' : 'No');
  const fields = [
    field('car', { printable: true }),
    field('vip', { printable: true, type: 'toggle button' }),
    field('secret'),
  ];

  it('prints only printable fields with a value, labelled in the visitor’s language', () => {
    const values = [
      { custom_field_id: 'car', type: 'short text', value: 'AB-123' },
      { custom_field_id: 'vip', type: 'toggle button', value: 1 },
      { custom_field_id: 'secret', type: 'short text', value: 'hidden' },
      { custom_field_id: 'gone', type: 'short text', value: 'x' },
    ];
    expect(badgeLines(fields, values as never, 'ar', yesNo)).toEqual([
      { id: 'car', label: 'حقل car', value: 'AB-123' },
      { id: 'vip', label: 'حقل vip', value: 'Yes' },
    ]);
  });

  it('prints nothing for an empty value or a person without values', () => {
    expect(
      badgeLines(fields, [{ custom_field_id: 'car', type: 'short text', value: '' }] as never, 'en', yesNo),
    ).toEqual([]);
    expect(badgeLines(fields, undefined, 'en', yesNo)).toEqual([]);
  });
});
