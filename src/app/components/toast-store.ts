// Notifications (spec §9): at most TOAST_LIMIT at a time (a new one replaces the old),
// each dismissed after TOAST_DURATION_MS. A tiny external store read with
// useSyncExternalStore; `toast()` may be called from anywhere, hooks or not.
import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../../shared/constants';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  /** A second line under the description (which stays as the spec writes it). */
  note?: string;
  variant?: ToastVariant;
}

export interface Toast extends ToastInput {
  id: number;
  variant: ToastVariant;
}

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<Listener>();

function emit(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  emit(toasts.filter((t) => t.id !== id));
}

export function dismissAllToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  emit([]);
}

export function toast(input: ToastInput): number {
  const item: Toast = { ...input, variant: input.variant ?? 'default', id: nextId++ };
  const kept = [item, ...toasts].slice(0, TOAST_LIMIT);
  for (const dropped of toasts.filter((t) => !kept.includes(t))) {
    const timer = timers.get(dropped.id);
    if (timer) clearTimeout(timer);
    timers.delete(dropped.id);
  }
  timers.set(
    item.id,
    setTimeout(() => dismissToast(item.id), TOAST_DURATION_MS),
  );
  emit(kept);
  return item.id;
}

/** A red toast for a failed action. */
export function toastError(title: string, description: string): number {
  return toast({ title, description, variant: 'destructive' });
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
