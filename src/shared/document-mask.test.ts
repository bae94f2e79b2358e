import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentCharacters, maskDocument } from './document-mask';
import { formatDocument } from './documents';

describe('maskDocument', () => {
  it('formats a CPF and a CNPJ (numeric and alphanumeric) as typed, separators only between characters', () => {
    expect(maskDocument('529')).toBe('529');
    expect(maskDocument('5299')).toBe('529.9');
    expect(maskDocument('529.')).toBe('529');
    expect(maskDocument('52998224725')).toBe('529.982.247-25');
    expect(maskDocument('112223330001')).toBe('11.222.333/0001');
    expect(maskDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskDocument('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskDocument('12A')).toBe('12.A');
    expect(maskDocument('529.982.247-25 9')).toBe('52.998.224/7259');
    expect(maskDocument('abc!@#')).toBe('AB.C');
  });

  it('keeps the characters typed (at most 14), is stable, and ends as formatDocument at full length', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789ABCxyz./- ') }), (typed) => {
        const masked = maskDocument(typed);
        expect(documentCharacters(masked)).toBe(documentCharacters(typed));
        expect(maskDocument(masked)).toBe(masked);
        expect(masked.endsWith('.') || masked.endsWith('/') || masked.endsWith('-')).toBe(false);
        const bare = documentCharacters(typed);
        if ((bare.length === 11 && /^\d+$/.test(bare)) || bare.length === 14)
          expect(masked).toBe(formatDocument(bare));
      }),
    );
  });
});
