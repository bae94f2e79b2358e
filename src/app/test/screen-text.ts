// What the screen tests read from the page: an element's text with its white space as
// single spaces, a table row's cells by a text in the row, a toast by its description
// (and title), the shape of an Idempotency-Key, and a form filled in as a person would.
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export const text = (el: Element | null) => el?.textContent?.replace(/\s/g, ' ') ?? '';

/** The texts of the cells of the row showing `description` (with `first`, the first of several). */
export function cellsOf(description: string, { first = false } = {}) {
  const shown = first ? screen.getAllByText(description)[0]! : screen.getByText(description);
  return within(shown.closest('tr')!)
    .getAllByRole('cell')
    .map((c) => text(c));
}

export async function expectToast(title: string, description: string) {
  const toast = await screen.findByText(description);
  expect(text(toast.parentElement)).toContain(title);
}

/** The rows of a local-mark test: one made here and pending ('Não sincronizado'), one the
 * server refused ('Recusado pelo servidor'), one of the server's (no mark). The badges
 * are returned for their colours. */
export function expectLocalMarks(rowOf: (name: string) => HTMLElement, [pending, rejected, fromServer]: string[]) {
  const badges = {
    pending: within(rowOf(pending!)).getByText('Não sincronizado'),
    rejected: within(rowOf(rejected!)).getByText('Recusado pelo servidor'),
  };
  expect(within(rowOf(fromServer!)).queryByText(/sincronizado|Recusado/)).toBeNull();
  return badges;
}

/**
 * Fills the fields of `form` in order, each found by its label: a select gets the option
 * of that text chosen, any other field the text typed.
 */
export async function fillIn(user: UserEvent, form: HTMLElement, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const field = within(form).getByLabelText(label);
    if (field instanceof HTMLSelectElement) await user.selectOptions(field, value);
    else await user.type(field, value);
  }
}
