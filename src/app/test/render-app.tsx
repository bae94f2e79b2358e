// Renders the whole app (providers, routes, guards) on a memory router at `path`.
// `router` lets a test read the current location and navigate, as a person would by
// typing an address.
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import { App } from '../app/app';
import { AppRoutes } from '../app/router/routes';
import { createQueryClient } from '../lib/query-client';

export interface TestRouter {
  readonly state: { readonly location: Location };
  navigate(to: string): Promise<void>;
}

function RouterProbe({ onChange }: { onChange: (location: Location, navigate: NavigateFunction) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => onChange(location, navigate), [location, navigate, onChange]);
  return null;
}

export function renderApp(path: string) {
  let location: Location | null = null;
  let navigateTo: NavigateFunction | null = null;
  const onChange = (l: Location, n: NavigateFunction) => {
    location = l;
    navigateTo = n;
  };
  const router: TestRouter = {
    get state() {
      if (!location) throw new Error('o roteador ainda não foi montado');
      return { location };
    },
    navigate: (to) =>
      act(async () => {
        if (!navigateTo) throw new Error('o roteador ainda não foi montado');
        await navigateTo(to);
      }),
  };
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const view = render(
    <App queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <RouterProbe onChange={onChange} />
      </MemoryRouter>
    </App>,
  );
  return { ...view, router, queryClient, user };
}
