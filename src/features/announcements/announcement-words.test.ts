// What the announcements list and form show: whom an announcement reaches, and its times as
// the admin's datetime inputs read them.
import { describe, expect, it } from 'vitest';
import { toLocalInput } from './components/announcement-form-page';
import { targetNames } from './hooks/use-announcements';

const types = [
  { id: 'v', name: 'Visitor' },
  { id: 's', name: 'Staff' },
  { id: 'c', name: 'Contractor' },
];

describe('an announcement’s targets', () => {
  it('reads “everyone” when it names no user type', () => {
    expect(targetNames([], types, 'Everyone')).toBe('Everyone');
  });

  it('names the user types it targets, in the company’s list order', () => {
    expect(targetNames(['c', 'v'], types, 'Everyone')).toBe('Visitor, Contractor');
  });

  it('shows a dash, not a blank cell, when every targeted type is gone', () => {
    expect(targetNames(['deleted'], types, 'Everyone')).toBe('—');
  });
});

describe('an announcement’s times in the form', () => {
  it('fill a datetime-local input in the browser’s time zone, to the minute', () => {
    const at = new Date(2026, 2, 4, 9, 5, 42).getTime();
    expect(toLocalInput(at)).toBe('2026-03-04T09:05');
    // What the input gives back is the same minute.
    expect(new Date(toLocalInput(at)).getTime()).toBe(new Date(2026, 2, 4, 9, 5).getTime());
  });
});
