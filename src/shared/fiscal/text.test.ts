import { describe, expect, it } from 'vitest';
import { decimal2, decimal4, escapeXmlText, fiscalText, quantityE4 } from './text';

describe('fiscal text', () => {
  it('trims, makes every run of whitespace one space, keeps accents, makes typography plain', () => {
    expect(fiscalText('  Pão\tde  queijo\n\r mineiro  ', 120)).toBe('Pão de queijo mineiro');
    expect(fiscalText('Caneca “Copa” – 350 ml…', 120)).toBe('Caneca "Copa" - 350 ml...');
    expect(fiscalText('Bolo 🎂 de\u00a0coco 漢', 120)).toBe('Bolo de coco');
    expect(fiscalText('Açúcar cristal', 5)).toBe('Açúca');
    expect(fiscalText('ab   cd', 3)).toBe('ab');
  });

  it('escapes what C14N escapes in text and nothing else', () => {
    expect(escapeXmlText(`a & b < c > d "e" 'f'`)).toBe(`a &amp; b &lt; c &gt; d "e" 'f'`);
  });

  it('writes centavos with two decimals and quantities with four', () => {
    expect(decimal2(0)).toBe('0.00');
    expect(decimal2(5)).toBe('0.05');
    expect(decimal2(123456)).toBe('1234.56');
    expect(decimal2(-150)).toBe('-1.50');
    expect(() => decimal2(1.5)).toThrow(RangeError);
    expect(decimal4(quantityE4(2)!)).toBe('2.0000');
    expect(decimal4(quantityE4(0.375)!)).toBe('0.3750');
    expect(decimal4(quantityE4(1.0005)!)).toBe('1.0005');
    expect(quantityE4(0.12345)).toBeNull();
  });
});
