// The locale parts written by scripts/locale-split.ts at build time.
declare module 'virtual:locale/*' {
  const dictionary: Record<string, unknown>;
  export default dictionary;
}
