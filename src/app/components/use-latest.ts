// A ref that always holds the latest `value` (a callback given as a prop): an effect that
// runs once per opening can call it without running again each time the prop changes.
import { useEffect, useRef, type RefObject } from 'react';

export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
