import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldedIncludes, foldText } from './text';

describe('foldText: the one search folding', () => {
  it('removes accents and lowers case', () => {
    expect(foldText('Calça Jeans Slim')).toBe('calca jeans slim');
    expect(foldText('JOSÉ DA CONCEIÇÃO')).toBe('jose da conceicao');
    expect(foldText('Pão de Açúcar · Ünïcö')).toBe('pao de acucar · unico');
    // An accent typed as its own mark folds like the composed letter.
    expect(foldText('Jose\u0301')).toBe(foldText('José'));
  });

  it('is idempotent and keeps the length of text without accents', () => {
    fc.assert(fc.property(fc.string(), (text) => foldText(foldText(text)) === foldText(text)));
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9 .-]*$/),
        (text) => foldText(text) === text && foldText(text).length === text.length,
      ),
    );
  });
});

describe('foldedIncludes', () => {
  it('finds with or without accents and capitals, and a blank search finds everything', () => {
    expect(foldedIncludes('Calça Jeans', 'calca')).toBe(true);
    expect(foldedIncludes('Calca Jeans', 'CALÇA')).toBe(true);
    expect(foldedIncludes('José', ' jose ')).toBe(true);
    expect(foldedIncludes(null, 'x')).toBe(false);
    expect(foldedIncludes(null, '  ')).toBe(true);
    expect(foldedIncludes('Bermuda', 'calça')).toBe(false);
  });
});
