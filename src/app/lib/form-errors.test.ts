import { describe, expect, it } from 'vitest';
import { ProductCreateSchema } from '../../shared/contract';
import { ApiError } from './api-error';
import { fieldErrorsFrom, validateForm } from './form-errors';

describe('fieldErrorsFrom', () => {
  it("reads the server's details (dotted paths), first message per field", () => {
    const error = new ApiError('Dados inválidos', 400, 'VALIDATION', [
      { path: 'sku', message: 'SKU é obrigatório' },
      { path: 'sku', message: 'outra' },
      { path: 'items.0.quantity', message: 'Use um número inteiro' },
      { path: '', message: 'geral' },
    ]);
    expect(fieldErrorsFrom(error)).toEqual({ sku: 'SKU é obrigatório', items: 'Use um número inteiro' });
  });

  it('reads zod issues with array paths, and ignores other errors', () => {
    const error = new ApiError('x', 400, 'VALIDATION', [{ path: ['name'], message: 'Nome é obrigatório' }]);
    expect(fieldErrorsFrom(error)).toEqual({ name: 'Nome é obrigatório' });
    expect(fieldErrorsFrom(new ApiError('x', 500, 'INTERNAL', [{ path: 'sku', message: 'm' }]))).toEqual({});
    expect(fieldErrorsFrom(new Error('x'))).toEqual({});
  });
});

describe('validateForm', () => {
  it('gives the decoded value (centavos) or the field errors of the contract', () => {
    const ok = validateForm(ProductCreateSchema, { sku: 'A1', name: 'Meia', cost_price: 10.5, sale_price: 19.9 });
    expect(ok).toMatchObject({ ok: true, value: { cost_price: 1050, sale_price: 1990, active: true } });
    const bad = validateForm(ProductCreateSchema, { sku: '', name: 'Meia', current_stock: 1.5 });
    expect(bad).toMatchObject({
      ok: false,
      errors: { sku: 'SKU é obrigatório', current_stock: 'Use um número inteiro' },
    });
  });
});
