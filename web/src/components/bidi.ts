/**
 * Wraps user text placed inside a sentence in Unicode first-strong isolates (the text form of
 * `dir="auto"`), so a Hebrew name does not reorder the English around it.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
