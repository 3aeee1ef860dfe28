// Jaro–Winkler similarity (0..1) of two strings, by UTF-16 unit. Written here rather than taken
// from npm: the small packages are unmaintained and the maintained ones (talisman) are large,
// while the algorithm is a dozen lines and runs 40,000 times per kiosk sign-in.
// Scratch buffers reused across calls (the function is synchronous, so sharing them is safe).
let takenB = new Uint8Array(64);
let matchedA = new Int32Array(64);

export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  if (lb > takenB.length) takenB = new Uint8Array(lb * 2);
  if (la > matchedA.length) matchedA = new Int32Array(la * 2);
  takenB.fill(0, 0, lb);
  let m = 0;
  for (let i = 0; i < la; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(lb - 1, i + window);
    for (let j = from; j <= to; j++)
      if (!takenB[j] && a.charCodeAt(i) === b.charCodeAt(j)) {
        takenB[j] = 1;
        matchedA[m++] = i;
        break;
      }
  }
  if (m === 0) return 0;
  let transpositions = 0;
  let j = 0;
  for (let k = 0; k < m; k++) {
    const i = matchedA[k]!;
    while (!takenB[j]) j++;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) transpositions++;
    j++;
  }
  const jaro = (m / la + m / lb + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < la && prefix < lb && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}
