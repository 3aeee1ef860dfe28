// A new company's getting-started list: what to set up, in order, where, and
// whether it is done, judged from what the company already has (each item ticks itself).
export const GETTING_STARTED_ITEMS = [
  'company',
  'site',
  'userTypes',
  'compliance',
  'customFields',
  'journey',
  'kiosk',
  'people',
] as const;
export type GettingStartedItem = (typeof GETTING_STARTED_ITEMS)[number];

/** Each item's page (domain/routes.ts). */
export const GETTING_STARTED_PATHS: Record<GettingStartedItem, string> = {
  company: '/company',
  site: '/sites',
  userTypes: '/user-types',
  compliance: '/compliances',
  customFields: '/custom-fields',
  journey: '/journeys',
  kiosk: '/sites?tab=kiosks',
  people: '/users/import',
};

export interface SetupFacts {
  logo: boolean;
  /** Each site's time zone and how many areas it has. */
  sites: ReadonlyArray<{ timeZone: string | null | undefined; areas: number }>;
  userTypes: number;
  complianceForms: number;
  sections: number;
  flows: number;
  /** Null while unknown (offline, or not allowed to list kiosks). */
  kiosks: number | null;
  /** People of the company, the owner included. */
  people: number;
}

export function gettingStartedDone(f: SetupFacts): Record<GettingStartedItem, boolean> {
  return {
    company: f.logo,
    // A site counts once it has an area and a time zone of its own (not left empty).
    site: f.sites.some((s) => s.areas > 0 && !!s.timeZone),
    userTypes: f.userTypes > 0,
    compliance: f.complianceForms > 0,
    customFields: f.sections > 0,
    journey: f.flows > 0,
    kiosk: (f.kiosks ?? 0) > 0,
    people: f.people > 1,
  };
}

/** The list shown: the items this person may open, each with its page and whether it is done. */
export function gettingStartedList(
  f: SetupFacts,
  mayOpen: (path: string) => boolean,
): Array<{ id: GettingStartedItem; path: string; done: boolean }> {
  const done = gettingStartedDone(f);
  return GETTING_STARTED_ITEMS.filter((id) => mayOpen(GETTING_STARTED_PATHS[id].split('?')[0]!)).map((id) => ({
    id,
    path: GETTING_STARTED_PATHS[id],
    done: done[id],
  }));
}
