// A screen that throws shows 'Unexpected Application Error!' in its place; going to
// another address leaves the error behind.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('tela quebrada');
}

beforeEach(() => {
  // React reports the caught error on the console; keep the test output clean.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

it('shows the error page for a screen that throws, and clears it on navigation', async () => {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/quebrada']}>
      <Link to="/inteira">ir para a tela inteira</Link>
      {/* One boundary for both screens: the same instance must let go of the error. */}
      <RouteErrorBoundary>
        <Routes>
          <Route path="/quebrada" element={<Broken />} />
          <Route path="/inteira" element={<p>tela inteira</p>} />
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
  expect(screen.getByText('tela quebrada')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Ir para o início' }).getAttribute('href')).toBe('/');

  await user.click(screen.getByRole('link', { name: 'ir para a tela inteira' }));
  expect(await screen.findByText('tela inteira')).toBeTruthy();
  expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
});
