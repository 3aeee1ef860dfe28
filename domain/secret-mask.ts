// Masks the secrets in stored mail before anyone reads the mail log: the
// visitor's personal link (/c/{visitUrl}/{code}), the compliance link (/online-compliance/
// {visitUrl}), the RFID enrolment link (/rfid/{code}) and signed QR tokens (GH1.…) are keys
// to a door, and the log is open to every role holding `users`. Each secret keeps its first
// four characters, so an admin can still tell two mails apart.
import { QR_PREFIX } from './qr-token';

const KEEP = 4;
/** Link routes whose every following path segment is a secret. */
const SECRET_AFTER = new Set(['c', 'online-compliance', 'rfid']);
/** A route word (lower-case letters and hyphens) is no secret; anything else this long may be. */
const ROUTE_WORD = /^[a-z]+(?:-[a-z]+)*$/;
const MIN_SECRET = 8;

export const maskSecret = (secret: string): string => (secret.length <= KEEP ? '…' : `${secret.slice(0, KEEP)}…`);

function maskPath(path: string): string {
  let afterLinkRoute = false;
  return path
    .split('/')
    .map((segment) => {
      if (!segment) return segment;
      const secret = afterLinkRoute || (segment.length >= MIN_SECRET && !ROUTE_WORD.test(segment));
      if (SECRET_AFTER.has(segment)) afterLinkRoute = true;
      return secret ? maskSecret(segment) : segment;
    })
    .join('/');
}

function maskUrl(url: string): string {
  const match = /^(https?:\/\/[^/?#\s]*)([^?#\s]*)(\?[^#\s]*)?(#\S*)?$/i.exec(url);
  if (!match) return url;
  const [, origin, path = '', query = '', hash = ''] = match;
  // Query values and fragments are always treated as secrets (tokens travel there too).
  const maskedQuery = query.replace(/=([^&]+)/g, (_m, value: string) => `=${maskSecret(value)}`);
  return `${origin}${maskPath(path)}${maskedQuery}${hash.length > 1 ? `#${maskSecret(hash.slice(1))}` : hash}`;
}

/** The text with every link's secrets and every signed QR token masked. */
export function maskSecrets(text: string): string {
  return text
    .replace(/https?:\/\/[^\s"'<>]+/gi, maskUrl)
    .replace(new RegExp(`\\b${QR_PREFIX}\\.[A-Za-z0-9_.-]+`, 'g'), maskSecret);
}
