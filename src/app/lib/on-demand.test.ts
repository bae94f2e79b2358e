import { describe, expect, it, vi } from 'vitest';
import { loadAllOnDemand, onDemand } from './on-demand';

describe('onDemand', () => {
  it('gives back the loader, and the warm-up calls every registered one, a failing one included', async () => {
    const first = vi.fn(() => Promise.resolve('a'));
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const load = onDemand(first);
    onDemand(failing);
    expect(await load()).toBe('a');
    expect(first).toHaveBeenCalledTimes(1);

    loadAllOnDemand();
    await Promise.resolve();
    expect(first).toHaveBeenCalledTimes(2);
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
