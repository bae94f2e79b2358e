// Text search in ILIKE patterns.

/** `%`, `_` and `\` taken literally inside an ILIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
