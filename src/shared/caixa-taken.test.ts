// What a caixa counts as taken in, on a day known to the centavo.
import { describe, expect, it } from 'vitest';
import { takenIn } from './caixa-taken';

describe('takenIn', () => {
  it('counts completed sales, less refunds and cash payouts, plus instalments received', () => {
    expect(
      takenIn([
        { kind: 'sale', completed: true, parts: [{ method: 'cash', amount: 3990 }] },
        {
          kind: 'sale',
          completed: true,
          parts: [
            { method: 'pix', amount: 10000 },
            { method: 'store_credit', amount: 1970 },
          ],
        },
        { kind: 'sale', completed: false, parts: [{ method: 'cash', amount: 19950 }] },
        { kind: 'return', refundMethod: 'cash', refunded: 1000 },
        { kind: 'return', refundMethod: 'pix', refunded: 2500 },
        { kind: 'return', refundMethod: null, refunded: 0 },
        { kind: 'payout', amount: 500 },
        { kind: 'receipt', method: 'cash', amount: 4000 },
        { kind: 'receipt', method: 'cash', amount: 120 },
      ]),
    ).toEqual({ cash: 3990 - 1000 - 500 + 4000 + 120, pix: 10000 - 2500 });
  });

  it('is nothing for an empty session', () => {
    expect(takenIn([])).toEqual({});
  });
});
