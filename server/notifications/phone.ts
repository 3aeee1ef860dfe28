// A person's phone as E.164 (+ and 8 to 15 digits), which Twilio's To requires. Spaces, dots,
// dashes and brackets are dropped and a leading 00 is read as +; a number without its country
// code cannot be guessed, so it is refused (the fallback moves on to the next channel).
export function toE164(phone: string): string | null {
  let p = phone.trim().replace(/[\s.\-()]/g, '');
  if (p.startsWith('00')) p = `+${p.slice(2)}`;
  return /^\+[1-9]\d{7,14}$/.test(p) ? p : null;
}
