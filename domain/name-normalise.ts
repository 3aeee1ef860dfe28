// A name as comparable tokens: case folded, accents dropped, Arabic letter variants
// unified and punctuation removed, so "José  O'Brien", "JOSE OBRIEN" and "jose o brien" agree as
// far as spelling allows. Pure; the kiosk and the server must normalise identically.

// Latin letters that NFD does not decompose into a base letter and a mark.
const LATIN: Record<string, string> = { ß: 'ss', ø: 'o', ł: 'l', æ: 'ae', œ: 'oe', đ: 'd', ı: 'i', þ: 'th' };

// Arabic: alef forms (أ إ آ ٱ) → ا, teh marbuta ة → ه, alef maksura ى → ي, and the Persian/Urdu
// kaf and yeh → Arabic ones. Hamza-on-carrier and madda forms decompose under NFD; the marks
// (harakat, shadda, sukun, superscript alef) are stripped with every other combining mark.
const ARABIC: Record<string, string> = {
  '\u0623': '\u0627',
  '\u0625': '\u0627',
  '\u0622': '\u0627',
  '\u0671': '\u0627',
  '\u0629': '\u0647',
  '\u0649': '\u064a',
  '\u06cc': '\u064a',
  '\u06a9': '\u0643',
};
const TATWEEL = /\u0640/g;
const MARKS = /\p{M}/gu;
const MAPPED = new RegExp(`[${Object.keys({ ...LATIN, ...ARABIC }).join('')}]`, 'g');
const TABLE: Record<string, string> = { ...LATIN, ...ARABIC };
// Apostrophes join ("O'Brien" → "obrien"); every other non-letter, non-digit splits.
const APOSTROPHES = /['\u2019\u02bc`]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

export function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replace(MAPPED, (c) => TABLE[c] ?? c)
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(TATWEEL, '')
    .replace(MAPPED, (c) => TABLE[c] ?? c)
    .replace(APOSTROPHES, '')
    .normalize('NFC');
}

/** The name's tokens, in written order. */
export function nameTokens(name: string): string[] {
  return normaliseName(name)
    .split(SEPARATORS)
    .filter((t) => t.length > 0);
}
