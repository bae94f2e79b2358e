// The page of a paged list that goes back to 1 whenever its filters change (spec §5:
// "filter changes reset the page to 1"), derived during render rather than by an effect,
// so no request is ever sent for the old page with the new filters.
import { useState } from 'react';

/** `filtersKey`: any string that changes when the filters do (e.g. JSON of them). */
export function usePageFor(filtersKey: string): [number, (page: number) => void] {
  const [state, setState] = useState({ key: filtersKey, page: 1 });
  const page = state.key === filtersKey ? state.page : 1;
  return [page, (next: number) => setState({ key: filtersKey, page: next })];
}
