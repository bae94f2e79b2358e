// Every payment method has one pt-BR name, from one list, wherever a payment is shown: a
// method code never reaches a person (the vale-troca is 'Vale-troca', not 'store_credit').
import { describe, expect, it } from 'vitest';
import {
  methodLabel,
  PAYMENT_METHOD_LABELS,
  PART_PAYMENT_METHODS,
  PAYMENT_METHODS,
  SALE_METHODS,
  SALE_PART_METHODS,
  UNKNOWN_METHOD_LABEL,
} from './payments';
import { PAYABLE_PAYMENT_METHODS } from './accounts';

const CODES = [...new Set([...SALE_METHODS, ...SALE_PART_METHODS, ...PAYMENT_METHODS, ...PART_PAYMENT_METHODS])];

describe('payment method labels', () => {
  it('name every method a sale, a part, an account or a caixa may carry, in pt-BR, never as its code', () => {
    for (const code of [...CODES, ...PAYABLE_PAYMENT_METHODS]) {
      const label = methodLabel(code);
      expect(label, code).toBe(PAYMENT_METHOD_LABELS[code]);
      expect(label, code).not.toMatch(/_/);
      for (const other of CODES) expect(label, code).not.toBe(other);
    }
    expect(methodLabel('store_credit')).toBe('Vale-troca');
    expect(methodLabel('cash')).toBe('Dinheiro');
  });

  it('a method no list knows is named as such, never shown raw', () => {
    expect(methodLabel('boleto_bancario')).toBe(UNKNOWN_METHOD_LABEL);
    expect(methodLabel(null)).toBe('-');
  });
});
