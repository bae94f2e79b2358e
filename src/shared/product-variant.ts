// How a product's variant reads wherever it is named (tables, reports, alerts): its size
// and colour, whichever it has, and nothing at all when it has neither (never '- / -').

interface Variant {
  size: string | null | undefined;
  color: string | null | undefined;
}

/** '42 / Azul', '42', 'Azul' or ''. */
export function variantText({ size, color }: Variant): string {
  return [size?.trim(), color?.trim()].filter(Boolean).join(' / ');
}

/** 'Calça Jeans Slim · 42 / Azul', or the name alone for a product without a variant. */
export function nameWithVariant(name: string, variant: Variant): string {
  const text = variantText(variant);
  return text ? `${name} · ${text}` : name;
}
