import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { AppRoutes } from './app/router/routes';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './pwa/register-sw';
import { UpdateBanner } from './pwa/update-banner';
import './index.css';

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>
    <UpdateBanner />
  </StrictMode>,
);

registerServiceWorker();
