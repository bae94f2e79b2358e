// A test file's server and browsers: the handles exist when the file is read, are filled
// before its first test and closed after its last one, so a file says only which it needs.
import { afterAll, beforeAll } from 'vitest';
import { openBrowser } from './browser';
import { startServer, type RunningServer } from './server';

export type OpenBrowser = Awaited<ReturnType<typeof openBrowser>>;

/** The file's own server on a fresh demo store. `restart` replaces it (same data) mid-file. */
export function fileServer(env: Record<string, string> = {}): RunningServer {
  const server = {} as RunningServer;
  beforeAll(async () => {
    Object.assign(server, await startServer(env));
  });
  afterAll(async () => {
    await server.stop?.();
  });
  return server;
}

/** A Chromium of the file's own (empty profile), at this viewport and language. */
export function fileBrowser(...args: Parameters<typeof openBrowser>): OpenBrowser {
  const browser = {} as OpenBrowser;
  beforeAll(async () => {
    Object.assign(browser, await openBrowser(...args));
  });
  afterAll(async () => {
    await browser.close?.();
  });
  return browser;
}
