// A server killed with SIGKILL (a crash, an OOM kill, a container stopped hard) leaves
// its PGlite lock behind; the next start takes it over at once and serves the same data.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseOwner, systemProbe } from '../../src/server/db/data-dir-lock';
import { api, loginToken } from '../e2e/support/api';
import { startServer, type RunningServer } from '../e2e/support/server';

const started: RunningServer[] = [];
afterAll(async () => {
  for (const server of started) await server.stop({ keepData: true });
  if (started[0]) rmSync(started[0].dataDir, { recursive: true, force: true });
});

describe('server restart after SIGKILL', () => {
  it('starts again at once on the same data dir, and a second server beside a live one is refused', async () => {
    const first = await startServer();
    started.push(first);
    const token = await loginToken(first, 'admin@demo.com');
    const created = await api<{ data: { id: string } }>(first, 'POST', '/api/customers', {
      token,
      body: { name: 'Cliente Antes da Queda' },
    });
    expect(created.status).toBe(201);

    const owner = parseOwner(readFileSync(`${first.dataDir}/pglite.lock`, 'utf8'))!;
    await first.kill();
    // The kill has landed (the process may linger a moment as a zombie, which counts as dead).
    await expect.poll(() => systemProbe.alive(owner.pid), { timeout: 5_000 }).toBe(false);
    expect(existsSync(`${first.dataDir}/pglite.lock`)).toBe(true);

    const second = await startServer({}, { dataDir: first.dataDir });
    started.push(second);
    const again = await loginToken(second, 'admin@demo.com');
    const read = await api<{ data: { name: string } }>(second, 'GET', `/api/customers/${created.body.data.id}`, {
      token: again,
    });
    expect(read.body.data.name).toBe('Cliente Antes da Queda');

    // While it runs, another server on the same data dir is refused with the lock's message.
    const refused = await startServer({}, { dataDir: first.dataDir }).then(
      (s) => {
        started.push(s);
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(refused).toContain('está em uso pelo processo');
  });
});
