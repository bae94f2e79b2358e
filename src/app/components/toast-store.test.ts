import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast, useToasts } from './toast-store';

describe('toasts', () => {
  it('shows one at a time: a new toast replaces the previous', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'Primeiro' });
      toast({ title: 'Segundo', description: 'mais novo', variant: 'destructive' });
    });
    expect(result.current.map((t) => t.title)).toEqual(['Segundo']);
    expect(result.current[0]!.variant).toBe('destructive');
  });

  it('disappears after 4 seconds', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'Salvo' });
    });
    act(() => vi.advanceTimersByTime(3_999));
    expect(result.current).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toHaveLength(0);
  });
});
