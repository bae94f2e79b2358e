// How a till is named wherever people read it (Caixas, a sale's detail, the receipt): the
// name an admin gave it with the code its sale numbers start with, 'Caixa 1 (A)'; not named
// yet, its code and the browser it runs in, 'A · Linux · Chrome'.

export interface TillNaming {
  name?: string | null;
  code?: string | null;
  /** The browser it runs in ('Linux · Chrome'). */
  label?: string | null;
}

/** 'Caixa 1 (A)', 'Caixa 1', 'A · Linux · Chrome', 'Linux · Chrome', or null when nothing is known. */
export function tillName({ name, code, label }: TillNaming): string | null {
  const named = name?.trim();
  if (named) return code ? `${named} (${code})` : named;
  const parts = [code, label?.trim()].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}
