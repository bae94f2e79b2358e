import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { routes } from './app/router/routes';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './pwa/register-sw';
import { UpdateBanner } from './pwa/update-banner';
import './index.css';

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
    <UpdateBanner />
  </StrictMode>,
);

registerServiceWorker();
