// Print views of the reports: a print holds the whole filtered report up to this
// many rows (visits for history, people for the timesheet, contacts for track & trace); above
// it the print says how many there are and that an export holds them all.
export const PRINT_CAP = 2_000;

/** Whether a print of `count` rows shows only the first PRINT_CAP of them. */
export const printCapped = (count: number): boolean => count > PRINT_CAP;
