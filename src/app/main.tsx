import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { preloadOnIntent, preloadRoute } from './app/router/lazy-screens';
import { AppRoutes } from './app/router/routes';
import { tokenStore } from './lib/api';
import { createQueryClient } from './lib/query-client';
import { hasRestorableSession } from './lib/token-store';
import { registerServiceWorker } from './pwa/register-sw';
import { UpdateBanner } from './pwa/update-banner';
import './index.css';

// No chain: the screen being opened (and, signed in, the layout) starts loading now,
// while the session is checked, not after it. Other screens load on intent.
const path = window.location.pathname;
preloadRoute(hasRestorableSession(tokenStore) ? path : '/login');
preloadOnIntent();

const queryClient = createQueryClient();

// A transition: React renders the first screen in slices of a few milliseconds, so a slow
// phone stays responsive (and its first tap is not held) while the app starts.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </App>
      <UpdateBanner />
    </StrictMode>,
  ),
);

registerServiceWorker();
