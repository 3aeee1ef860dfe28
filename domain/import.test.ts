// The import's rules as the grid and the server both apply them: what a file is by content,
// and each row's problems beside its cell.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRows, fileProblem, normalRow, sniffSpreadsheet, type ImportFacts } from './import';

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => new Uint8Array([...s].map((c) => c.charCodeAt(0)));
const zipWith = (name: string) => new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, ...ascii(name), 0]);

describe('sniffSpreadsheet', () => {
  it('knows an xlsx by its zip signature and workbook part, whatever the file is called', () => {
    expect(sniffSpreadsheet(zipWith('xl/workbook.xml'))).toBe('xlsx');
    expect(sniffSpreadsheet(zipWith('word/document.xml'))).toBe('unknown');
  });
  it('refuses an old .xls and a renamed CSV with their own messages', () => {
    const xls = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0);
    expect(fileProblem(sniffSpreadsheet(xls), 100)).toBe('import.fileProblems.xls');
    const csv = ascii('full_name,email\r\nAna,ana@x.test\r\n');
    expect(fileProblem(sniffSpreadsheet(csv), 100)).toBe('import.fileProblems.text');
    expect(fileProblem(sniffSpreadsheet(bytes(0, 1, 2, 255)), 100)).toBe('import.fileProblems.notXlsx');
  });
  it('refuses a file over 2 MB', () => {
    expect(fileProblem('xlsx', 2 * 1024 * 1024 + 1)).toBe('import.fileProblems.tooBig');
    expect(fileProblem('xlsx', 2 * 1024 * 1024)).toBeNull();
  });
});

const TYPES = [
  { id: 't-staff', name: 'Staff' },
  { id: 't-visitor', name: 'Visitor' },
];
const facts = (over: Partial<ImportFacts> = {}): ImportFacts => ({
  userTypes: TYPES,
  allowedUserTypeIds: null,
  people: [],
  ...over,
});
const good = (over: Record<string, string> = {}) =>
  normalRow({ full_name: 'Ana Diaz', email: 'ana@x.test', phone: '447700900001', user_type: 'staff', ...over });

describe('checkRows', () => {
  it('passes a good row and finds its user type by name, whatever the case', () => {
    expect(checkRows([good()], facts())).toEqual([{ errors: {}, matchId: null, userTypeId: 't-staff' }]);
  });

  it('puts required, email and phone problems beside their cells', () => {
    const [check] = checkRows([good({ full_name: ' ', email: 'ana@', phone: '12-34' })], facts());
    expect(check!.errors).toEqual({
      full_name: 'validation.required',
      email: 'errors.invalid_email',
      phone: 'validation.phone',
    });
    expect(checkRows([good({ phone: '1'.repeat(21) })], facts())[0]!.errors.phone).toBe('validation.phone');
    expect(checkRows([good({ phone: '1'.repeat(20) })], facts())[0]!.errors).toEqual({});
  });

  it('marks values repeated inside the file, emails whatever their case', () => {
    const checks = checkRows([good({ rfid: 'C1' }), good({ email: 'ANA@x.test', phone: '2', rfid: 'C1' })], facts());
    expect(checks.map((c) => c.errors)).toEqual([
      { email: 'import.problems.duplicateInFile', rfid: 'import.problems.duplicateInFile' },
      { email: 'import.problems.duplicateInFile', rfid: 'import.problems.duplicateInFile' },
    ]);
  });

  it('refuses unknown user types and those outside the admin scope', () => {
    expect(checkRows([good({ user_type: 'Pilot' })], facts())[0]!.errors.user_type).toBe(
      'import.problems.unknownUserType',
    );
    expect(checkRows([good()], facts({ allowedUserTypeIds: ['t-visitor'] }))[0]!.errors.user_type).toBe(
      'import.problems.userTypeNotAllowed',
    );
  });

  it('matches a person by email, then phone, then external id, and refuses values another person holds', () => {
    const people = [
      { id: 'p1', email: 'ana@x.test', phone: '111', externalId: 'E1', rfid: 'C1' },
      { id: 'p2', email: 'bo@x.test', phone: '222', externalId: 'E2', rfid: 'C2' },
    ];
    expect(checkRows([good({ phone: '111' })], facts({ people }))[0]).toMatchObject({ matchId: 'p1', errors: {} });
    expect(checkRows([good({ email: 'new@x.test', phone: '222' })], facts({ people }))[0]!.matchId).toBe('p2');
    expect(checkRows([good({ email: 'n@x.test', phone: '9', external_id: 'E2' })], facts({ people }))[0]!.matchId).toBe(
      'p2',
    );
    const clash = checkRows([good({ phone: '222', rfid: 'C2' })], facts({ people }))[0]!;
    expect(clash).toMatchObject({
      matchId: 'p1',
      errors: { phone: 'import.problems.inCompany', rfid: 'import.problems.rfidTaken' },
    });
  });

  it('never lets two rows of one file update or create the same person', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            email: fc.constantFrom('a@x.test', 'b@x.test', 'c@x.test'),
            phone: fc.constantFrom('1', '2', '3'),
          }),
          {
            maxLength: 6,
          },
        ),
        (cells) => {
          const checks = checkRows(
            cells.map((c) => good(c)),
            facts(),
          );
          const clean = cells.filter((_, i) => Object.keys(checks[i]!.errors).length === 0);
          expect(new Set(clean.map((c) => c.email)).size).toBe(clean.length);
          expect(new Set(clean.map((c) => c.phone)).size).toBe(clean.length);
        },
      ),
      { numRuns: 50 },
    );
  });
});
