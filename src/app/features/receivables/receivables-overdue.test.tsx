// The overdue receivables on Contas a Receber: counted in the list's header, and fresh
// for one minute (spec, data freshness: receivable overdue 1 min; statistics 2 min, lists
// 5 min): a reconnection 50 s later asks nothing again, one after 61 s asks the overdue
// count again and nothing else.
import { act, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { createFakeSync } from '../../test/fake-sync';
import { RECEIVABLE_STATS, receivableJson, serveReceivables } from '../../test/finance-fixtures';
import { ADMIN, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

let server: FakeServer;

const overdueCalls = () => server.callsTo('GET', '/api/accounts-receivable/overdue').length;
const statsCalls = () => server.callsTo('GET', '/api/accounts-receivable/statistics').length;
const listCalls = () => server.callsTo('GET', '/api/accounts-receivable').length;

beforeEach(() => {
  server = createFakeServer();
  createFakeSync(server);
  signedInAs(server, ADMIN);
  serveReceivables(server, {
    accounts: [
      receivableJson({ description: 'Parcela 1/3', status: 'overdue', due_date: '2026-01-10' }),
      receivableJson({ description: 'Parcela 2/3', status: 'overdue', due_date: '2026-02-10' }),
      receivableJson({ description: 'Parcela 3/3', status: 'pending', due_date: '2099-03-10' }),
    ],
    stats: RECEIVABLE_STATS,
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The clock moves `later` ms ahead, then the connection drops and comes back: stale queries refetch. */
async function reconnectAfter(later: number) {
  const realNow = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + later);
  await act(async () => {
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
  });
}

describe('Contas a Receber: contas vencidas', () => {
  it('counts the overdue accounts in the header and keeps the count fresh for 1 minute', async () => {
    renderApp('/receber');
    expect(await screen.findByText('2 conta(s) vencida(s)')).toBeTruthy();
    await waitFor(() => expect([overdueCalls(), statsCalls(), listCalls()]).toEqual([1, 1, 1]));

    await reconnectAfter(50_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([overdueCalls(), statsCalls(), listCalls()]).toEqual([1, 1, 1]);

    vi.restoreAllMocks();
    await reconnectAfter(61_000);
    await waitFor(() => expect(overdueCalls()).toBe(2));
    expect([statsCalls(), listCalls()]).toEqual([1, 1]);
  });
});
