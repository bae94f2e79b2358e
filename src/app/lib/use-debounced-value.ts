import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `delayMs` (a search sent after typing stops). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** A typed search as a list applies it: typing waits for a pause; clearing applies at once. */
export function useTypedSearch(search: string, delayMs: number): string {
  const debounced = useDebouncedValue(search, delayMs);
  return search.trim() === '' ? '' : debounced;
}
