// Another tab upgrading the local database closes this tab's connection: a banner asks
// for a reload instead of letting the screens fail quietly.
import { render, screen } from '@testing-library/react';
import Dexie from 'dexie';
import { expect, it } from 'vitest';
import { DB_NAME, getDb } from '../offline/db';
import { VERSION_CHANGE_TEXT, VersionChangeBanner } from './version-change-banner';

it('asks for a reload when another tab opens a newer database version', async () => {
  render(<VersionChangeBanner />);
  await getDb().open();
  expect(screen.queryByText(VERSION_CHANGE_TEXT)).toBeNull();

  const newer = new Dexie(DB_NAME);
  newer.version(5).stores({ products: 'id, name' });
  await newer.open();

  expect(await screen.findByText(VERSION_CHANGE_TEXT)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Recarregar' })).toBeTruthy();
  expect(getDb().isOpen()).toBe(false);
  newer.close();
});
