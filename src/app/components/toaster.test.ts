// Where the toasts go: above a bar at the bottom of the screen that reaches their place.
import { describe, expect, it } from 'vitest';
import { liftAboveBars } from './toaster';

const rect = (x: number, y: number, width: number, height: number) =>
  ({ x, y, width, height, left: x, top: y, right: x + width, bottom: y + height }) as DOMRect;

describe('liftAboveBars', () => {
  // A 384 px stack of one toast at the bottom right of an 820 x 1180 screen.
  const stack = rect(436, 1180 - 110, 384, 110);

  it('sits above a bar kept at the bottom of the screen', () => {
    expect(liftAboveBars(stack, [rect(0, 1180 - 96, 820, 96)], 1180)).toBe(96);
  });

  it('sits above a bar that reaches into its place from higher up', () => {
    expect(liftAboveBars(stack, [rect(0, 1000, 820, 96)], 1180)).toBe(180);
  });

  it('stays at the bottom when the bar ends above its place, or is beside it', () => {
    expect(liftAboveBars(stack, [rect(0, 830, 820, 96)], 1180)).toBe(0);
    expect(liftAboveBars(stack, [rect(0, 1084, 400, 96)], 1180)).toBe(0);
    expect(liftAboveBars(stack, [], 1180)).toBe(0);
  });
});
