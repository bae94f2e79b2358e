import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { Cest, Cfop, CommercialUnit, CsosnField, Ncm, Origin } from './product-fiscal';

const errorOf = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('a product fiscal fields', () => {
  it('reads codes as people type them, and empty as none', () => {
    expect(Ncm.parse('6109.10.00')).toBe('61091000');
    expect(Ncm.parse(' 6109 10 00 ')).toBe('61091000');
    expect(Ncm.parse('')).toBeNull();
    expect(Ncm.parse(null)).toBeNull();
    expect(Ncm.parse(undefined)).toBeNull();
    expect(Cest.parse('28.038.00')).toBe('2803800');
    expect(Cfop.parse('5.405')).toBe('5405');
    expect(CsosnField.parse(' 500 ')).toBe('500');
    expect(CsosnField.parse('')).toBeNull();
    expect(CommercialUnit.parse(' pç ')).toBe('PÇ');
    expect(CommercialUnit.parse('')).toBe('UN');
    expect(Origin.parse(2)).toBe(2);
  });

  it('refuses what a note could not carry, saying what to type', () => {
    expect(errorOf(Ncm, '6109.10')).toBe('NCM: informe os 8 dígitos');
    expect(errorOf(Ncm, '6109.10.0A')).toBe('NCM: informe os 8 dígitos');
    expect(errorOf(Cest, '123456')).toBe('CEST: informe os 7 dígitos');
    expect(errorOf(Cfop, '6102')).toBe('CFOP: use um CFOP de venda dentro do estado (5xxx), como 5102 ou 5405');
    expect(errorOf(CsosnField, '101')).toBe('CSOSN: use 102, 103, 300, 400, 500, 900');
    expect(errorOf(Origin, 9)).toBe('Origem: informe um número de 0 a 8');
    expect(errorOf(CommercialUnit, 'CAIXA12')).toBe('Unidade: máximo de 6 caracteres');
    expect(errorOf(CommercialUnit, 'M²')).toBe('Unidade: só letras e números, como UN, KG ou PAR');
  });

  it('encodes back to what the API takes', () => {
    expect(z.encode(Ncm, '61091000')).toBe('61091000');
    expect(z.encode(Ncm, null)).toBeNull();
    expect(z.encode(CsosnField, '102')).toBe('102');
    expect(z.encode(CommercialUnit, 'UN')).toBe('UN');
  });
});
