// A test file's server and browsers: the handles exist when the file is read, are filled
// before its first test and closed after its last one, so a file says only which it needs.
import { afterAll, beforeAll, beforeEach } from 'vitest';
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

/**
 * A Chromium of the file's own (empty profile), at this viewport and language.
 *
 * A test tried again (vitest.e2e.config.ts) gets a new empty profile when no page of the
 * file was open before it began: the failed try left this device signed in, with its caixa
 * and its queue, and the second try would start from there (its sign-in lands on the
 * dashboard). A test that goes on from pages opened before it (in beforeAll or by an earlier
 * test) keeps them.
 */
export function fileBrowser(...args: Parameters<typeof openBrowser>): OpenBrowser {
  const browser = {} as OpenBrowser;
  let blankPages = 0;
  let pagesFromBefore = false;
  beforeAll(async () => {
    Object.assign(browser, await openBrowser(...args));
    blankPages = browser.context.pages().length;
  });
  beforeEach(async ({ task }) => {
    const again = (task.result?.retryCount ?? 0) > 0;
    if (!again) {
      pagesFromBefore = browser.context.pages().length > blankPages;
    } else if (!pagesFromBefore) {
      await browser.close();
      Object.assign(browser, await openBrowser(...args));
      blankPages = browser.context.pages().length;
    }
  });
  afterAll(async () => {
    await browser.close?.();
  });
  return browser;
}
