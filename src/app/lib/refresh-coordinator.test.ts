// The refresh coordinator through the API client, with the network faked at fetch.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { z } from 'zod';
import { createFakeServer, deferred, type FakeServer } from '../test/fake-server';
import { createApiClient, createRefreshRequest } from './api-client';
import { ApiError, NetworkError } from './api-error';
import { createRefreshCoordinator } from './refresh-coordinator';
import { createTokenStore } from './token-store';

const Ok = z.object({ success: z.literal(true), data: z.object({ token: z.string() }) });

let server: FakeServer;
let onRefreshFailed: Mock<(error: unknown) => void>;

function setup(expiresInMs: number, refreshToken: string | null = 'refresh-0') {
  localStorage.setItem('accessToken', 'access-0');
  if (refreshToken) localStorage.setItem('refreshToken', refreshToken);
  localStorage.setItem('tokenExpiresAt', String(Date.now() + expiresInMs));
  const tokens = createTokenStore();
  onRefreshFailed = vi.fn<(error: unknown) => void>();
  const refresher = createRefreshCoordinator({ tokens, requestRefresh: createRefreshRequest(), onRefreshFailed });
  const api = createApiClient({ tokens, refresher });
  return { tokens, refresher, api };
}

/** /api/echo answers with the bearer token it received; 401 for `rejected` tokens. */
function echo(rejected: string[] = []) {
  server.on('GET', '/api/echo', ({ headers }) => {
    const token = (headers.Authorization ?? '').replace('Bearer ', '');
    if (rejected.includes(token))
      return { status: 401, body: { success: false, error: 'Token expirado', code: 'UNAUTHENTICATED' } };
    return { body: { success: true, data: { token } } };
  });
}

function refreshAnswers(n = 1) {
  server.on('POST', '/api/auth/refresh', ({ body }) => ({
    body: {
      success: true,
      data: { accessToken: `access-${n}`, refreshToken: `refresh-${n}`, expiresIn: 900, _used: body },
    },
  }));
}

beforeEach(() => {
  server = createFakeServer();
});

describe('refresh before a request', () => {
  it('refreshes first when the access token expires within 5 minutes', async () => {
    const { api, tokens } = setup(60_000);
    echo();
    refreshAnswers();
    const response = await api.get(Ok, '/echo');
    expect(response.data.token).toBe('access-1');
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(server.callsTo('POST', '/api/auth/refresh')[0]!.body).toEqual({ refreshToken: 'refresh-0' });
    expect(tokens.getRefreshToken()).toBe('refresh-1');
    expect(tokens.getExpiresAt()! - Date.now()).toBeGreaterThan(800_000);
  });

  it('does not refresh a token with more than 5 minutes left', async () => {
    const { api } = setup(10 * 60_000);
    echo();
    refreshAnswers();
    const response = await api.get(Ok, '/echo');
    expect(response.data.token).toBe('access-0');
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
  });

  it('shares one refresh among concurrent requests', async () => {
    const { api } = setup(60_000);
    echo();
    const gate = deferred<void>();
    server.on('POST', '/api/auth/refresh', async () => {
      await gate.promise;
      return { body: { success: true, data: { accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 900 } } };
    });
    const requests = Promise.all([api.get(Ok, '/echo'), api.get(Ok, '/echo'), api.get(Ok, '/echo')]);
    gate.resolve();
    const responses = await requests;
    expect(responses.map((r) => r.data.token)).toEqual(['access-1', 'access-1', 'access-1']);
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
  });
});

describe('refresh after a 401', () => {
  it('refreshes once and retries the request', async () => {
    const { api } = setup(10 * 60_000);
    echo(['access-0']);
    refreshAnswers();
    const response = await api.get(Ok, '/echo');
    expect(response.data.token).toBe('access-1');
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/echo')).toHaveLength(2);
  });

  it('retries only once: a second 401 is an error', async () => {
    const { api } = setup(10 * 60_000);
    echo(['access-0', 'access-1']);
    refreshAnswers();
    await expect(api.get(Ok, '/echo')).rejects.toMatchObject({ status: 401, message: 'Token expirado' });
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/echo')).toHaveLength(2);
  });

  it('concurrent 401s share one refresh', async () => {
    const { api } = setup(10 * 60_000);
    echo(['access-0']);
    refreshAnswers();
    const responses = await Promise.all([api.get(Ok, '/echo'), api.get(Ok, '/echo')]);
    expect(responses.map((r) => r.data.token)).toEqual(['access-1', 'access-1']);
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('does not refresh after a 401 without a refresh token', async () => {
    const { api } = setup(10 * 60_000, null);
    echo(['access-0']);
    refreshAnswers();
    await expect(api.get(Ok, '/echo')).rejects.toMatchObject({ status: 401 });
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
  });

  it('never refreshes for unauthenticated calls such as the login', async () => {
    const { api } = setup(10 * 60_000);
    server.on('POST', '/api/auth/login', () => ({
      status: 401,
      body: { success: false, error: 'E-mail ou senha incorretos.' },
    }));
    refreshAnswers();
    await expect(api.post(Ok, '/auth/login', { email: 'a@b.com' }, { auth: false })).rejects.toMatchObject({
      status: 401,
      message: 'E-mail ou senha incorretos.',
    });
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(server.callsTo('POST', '/api/auth/login')[0]!.headers.Authorization).toBeUndefined();
  });
});

describe('failed refresh', () => {
  it('clears the tokens and reports, with the server message', async () => {
    const { api, tokens } = setup(10 * 60_000);
    echo(['access-0']);
    server.on('POST', '/api/auth/refresh', () => ({
      status: 401,
      body: { success: false, error: 'Sessão expirada', code: 'UNAUTHENTICATED' },
    }));
    await expect(api.get(Ok, '/echo')).rejects.toMatchObject({ message: 'Sessão expirada' });
    expect(tokens.getAccessToken()).toBeNull();
    expect(tokens.getRefreshToken()).toBeNull();
    expect(localStorage.getItem('tokenExpiresAt')).toBeNull();
    expect(onRefreshFailed).toHaveBeenCalledTimes(1);
  });

  it("says 'Failed to refresh token' when the server gives no message", async () => {
    const { refresher } = setup(60_000);
    server.on('POST', '/api/auth/refresh', () => ({ status: 401, body: {} }));
    await expect(refresher.refresh()).rejects.toMatchObject({ message: 'Failed to refresh token' });
  });

  it("says 'Invalid refresh response' for an answer without tokens", async () => {
    const { refresher, tokens } = setup(60_000);
    server.on('POST', '/api/auth/refresh', () => ({ body: { success: true, data: { accessToken: 'x' } } }));
    await expect(refresher.refresh()).rejects.toMatchObject({ message: 'Invalid refresh response' });
    expect(tokens.getAccessToken()).toBeNull();
    expect(onRefreshFailed).toHaveBeenCalledTimes(1);
  });

  it("says 'No refresh token available' without a refresh token", async () => {
    const { refresher, tokens } = setup(60_000, null);
    await expect(refresher.refresh()).rejects.toMatchObject({ message: 'No refresh token available' });
    expect(tokens.getAccessToken()).toBeNull();
  });

  it('keeps the tokens when the refresh could not reach the server (offline)', async () => {
    const { refresher, tokens } = setup(60_000);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await refresher.refresh().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(tokens.getRefreshToken()).toBe('refresh-0');
    expect(onRefreshFailed).not.toHaveBeenCalled();
  });
});

describe('network vs HTTP errors', () => {
  it('a fetch that throws is a NetworkError; an HTTP failure is an ApiError with status and code', async () => {
    const { api } = setup(10 * 60_000);
    server.on('GET', '/api/missing', () => ({
      status: 404,
      body: { success: false, error: 'Não encontrado', code: 'NOT_FOUND' },
    }));
    const http = await api.get(Ok, '/missing').catch((e: unknown) => e);
    expect(http).toBeInstanceOf(ApiError);
    expect(http).not.toBeInstanceOf(NetworkError);
    expect(http).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Não encontrado' });

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const network = await api.get(Ok, '/missing').catch((e: unknown) => e);
    expect(network).toBeInstanceOf(NetworkError);
    expect(network).toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
