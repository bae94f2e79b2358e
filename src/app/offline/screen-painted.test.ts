// The gate the device's database waits behind (screen-painted.ts): its first waiters each
// start in a task of their own, so what they start does not add up to one long task.
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Gate = typeof import('./screen-painted');

let gate: Gate;

beforeEach(async () => {
  vi.resetModules();
  gate = await import('./screen-painted');
});

describe('screen-painted', () => {
  it('waits for the first screen; then each first waiter runs after what the one before it started', async () => {
    const order: string[] = [];
    const first = gate.screenPainted().then(() => {
      order.push('first');
      // What the first waiter starts (opening the database, say): a chain of steps.
      void Promise.resolve()
        .then(() => order.push('first, step 1'))
        .then(() => order.push('first, step 2'));
    });
    const second = gate.screenPainted().then(() => order.push('second'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]); // no screen committed yet

    gate.screenCommitted();
    await Promise.all([first, second]);
    // All in one task, 'second' came right after 'first', before its steps.
    expect(order).toEqual(['first', 'first, step 1', 'first, step 2', 'second']);
  });

  it('once its first waiters have gone, the gate is simply open', async () => {
    gate.screenCommitted();
    await gate.screenPainted();
    await gate.screenPainted();
    let passed = false;
    void gate.screenPainted().then(() => {
      passed = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(passed).toBe(true);
  });

  it('a page not shown (its timers slowed) lets its first waiters all go at once', async () => {
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      const order: string[] = [];
      const first = gate.screenPainted().then(() => {
        order.push('first');
        void Promise.resolve().then(() => order.push('first, step 1'));
      });
      const second = gate.screenPainted().then(() => order.push('second'));
      gate.screenCommitted();
      await Promise.all([first, second]);
      expect(order.slice(0, 2)).toEqual(['first', 'second']);
    } finally {
      hidden.mockRestore();
    }
  });

  it('the screens learn that the first screen was painted (false until then, true after)', async () => {
    const { result } = renderHook(() => gate.useScreenPainted());
    expect(result.current).toBe(false);
    act(() => gate.screenCommitted());
    await waitFor(() => expect(result.current).toBe(true));
    // A screen drawn afterwards knows at once.
    expect(renderHook(() => gate.useScreenPainted()).result.current).toBe(true);
  });
});
