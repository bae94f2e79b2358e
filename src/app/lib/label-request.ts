// How a screen asks Etiquetas to print labels for some products (an NF-e entry's lines:
// one label per unit that came in): it opens /etiquetas with them in the history state.
import { z } from 'zod/mini';

export const LABELS_PATH = '/etiquetas';

const LabelRequestSchema = z.object({
  labels: z.array(z.object({ product_id: z.string(), quantity: z.int().check(z.gte(0)) })),
});
export type LabelRequest = z.infer<typeof LabelRequestSchema>;

/** The products and quantities in a navigation's state; none when it carries no request. */
export function labelRequestOf(state: unknown): LabelRequest['labels'] {
  const parsed = LabelRequestSchema.safeParse(state);
  return parsed.success ? parsed.data.labels : [];
}
