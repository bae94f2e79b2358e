import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, describeError, errorTextFromBody, isNetworkError } from './api-error';

describe('errorTextFromBody (spec §8)', () => {
  it('prefers the error field', () => {
    expect(errorTextFromBody({ success: false, error: 'SKU já existe', message: 'outro' })).toBe('SKU já existe');
  });

  it('falls back to the message field', () => {
    expect(errorTextFromBody({ success: false, message: 'Tenant não encontrado' })).toBe('Tenant não encontrado');
  });

  it("falls back to 'Erro na requisição'", () => {
    expect(errorTextFromBody({ success: false })).toBe('Erro na requisição');
    expect(errorTextFromBody({ error: '', message: '   ' })).toBe('Erro na requisição');
    expect(errorTextFromBody(null)).toBe('Erro na requisição');
    expect(errorTextFromBody('texto')).toBe('Erro na requisição');
  });

  it('accepts another fallback', () => {
    expect(errorTextFromBody({}, 'Failed to refresh token')).toBe('Failed to refresh token');
  });
});

describe('describeError', () => {
  it('uses the error text, the action fallback, or Erro desconhecido', () => {
    expect(describeError(new ApiError('Produto não encontrado', 404, 'NOT_FOUND'), 'Erro ao remover produto')).toBe(
      'Produto não encontrado',
    );
    expect(describeError(new Error(''), 'Erro ao remover produto')).toBe('Erro ao remover produto');
    expect(describeError('boom', 'Erro ao remover produto')).toBe('Erro desconhecido');
  });
});

describe('NetworkError', () => {
  it('is an ApiError with status 0 and code NETWORK, unlike an HTTP error', () => {
    const network = new NetworkError(new TypeError('Failed to fetch'));
    expect(network).toBeInstanceOf(ApiError);
    expect(network.status).toBe(0);
    expect(network.code).toBe('NETWORK');
    expect(isNetworkError(network)).toBe(true);
    expect(isNetworkError(new ApiError('x', 503, 'INTERNAL'))).toBe(false);
  });
});
