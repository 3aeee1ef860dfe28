import { describe, expect, it } from 'vitest';
import { gettingStartedList, type SetupFacts } from './getting-started';

const empty: SetupFacts = {
  logo: false,
  sites: [],
  userTypes: 0,
  complianceForms: 0,
  sections: 0,
  flows: 0,
  kiosks: null,
  people: 1,
};

describe('the getting-started list', () => {
  it('starts with nothing done for a new company whose only person is its owner', () => {
    const list = gettingStartedList(empty, () => true);
    expect(list.map((i) => i.id)).toEqual([
      'company',
      'site',
      'userTypes',
      'compliance',
      'customFields',
      'journey',
      'kiosk',
      'people',
    ]);
    expect(list.every((i) => !i.done)).toBe(true);
    expect(list.find((i) => i.id === 'kiosk')!.path).toBe('/sites?tab=kiosks');
  });

  it('ticks each item once the company has it', () => {
    const list = gettingStartedList(
      {
        logo: true,
        sites: [{ timeZone: 'Asia/Dubai', areas: 2 }],
        userTypes: 3,
        complianceForms: 1,
        sections: 1,
        flows: 2,
        kiosks: 1,
        people: 50,
      },
      () => true,
    );
    expect(list.every((i) => i.done)).toBe(true);
  });

  it('does not count a site without areas, and lists only the pages this person may open', () => {
    const list = gettingStartedList({ ...empty, sites: [{ timeZone: 'UTC', areas: 0 }] }, (p) => p !== '/company');
    expect(list.find((i) => i.id === 'site')!.done).toBe(false);
    expect(list.map((i) => i.id)).not.toContain('company');
  });
});
