import { describe, expect, it } from 'vitest';
import { readFlowSettings } from '../../../../domain/journey';
import { badgeView } from './badge-contents';

const facts = {
  photo: 'data:image/jpeg;base64,x',
  name: 'Nina Northwind',
  company: 'Northwind Clinic',
  userType: 'Visitor',
  host: 'Hannah Host',
  date: '02/12/2026',
};

describe("the badge prints the flow's Badge contents", () => {
  it('prints the company when the flow ticked it, and leaves out what it did not tick', () => {
    const v = badgeView(['name', 'company', 'qr'], facts);
    expect(v).toMatchObject({ name: 'Nina Northwind', company: 'Northwind Clinic', qr: true });
    expect(v).toMatchObject({ photo: null, photoSlot: false, host: null, date: null, userType: null });
  });
  it('prints the user type when ticked; an empty company prints nothing', () => {
    expect(badgeView(['user_type', 'company'], { ...facts, company: ' ' })).toMatchObject({
      userType: 'Visitor',
      company: null,
    });
  });
  it("keeps today's badge for a flow that never chose (photo, name, host, date and the QR code)", () => {
    const v = badgeView(readFlowSettings({}).badge_contents, facts);
    expect(v).toMatchObject({ photoSlot: true, name: 'Nina Northwind', host: 'Hannah Host', qr: true, company: null });
  });
});
