// DateField as a person uses it: typed dd/mm/aaaa (digits only), picked from the calendar
// with the mouse or the keyboard, 'YYYY-MM-DD' to the form, and told in pt-BR what is wrong.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { addDays, formatDate, todayIso } from '../../shared/dates';
import { DateField } from './date-input';
import { Dialog } from './dialog';

interface HarnessProps {
  initial?: string | null;
  min?: string;
  max?: string;
}

function Harness({ initial = '', min, max }: HarnessProps) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <DateField label="Vencimento" value={value} onChange={setValue} min={min} max={max} />
      <output data-testid="value">{value === null ? 'null' : value === '' ? 'vazio' : value}</output>
      <button type="button" onClick={() => setValue('')}>
        Limpar
      </button>
      <button type="submit">Salvar</button>
    </form>
  );
}

const formValue = () => screen.getByTestId('value').textContent;
const field = () => screen.getByLabelText('Vencimento') as HTMLInputElement;

/** The field on its own form (`props` as the Harness takes them), clicked into and `keys` typed; the person typing. */
async function typeIn(keys: string, props: HarnessProps = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  await user.click(field());
  await user.keyboard(keys);
  return user;
}

describe('DateField', () => {
  it('types dd/mm/aaaa with the digits only and hands the form YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(field().type).toBe('text');
    expect(field().getAttribute('inputmode')).toBe('numeric');
    expect(field().placeholder).toBe('dd/mm/aaaa');
    await user.click(field());
    await user.keyboard('1503');
    expect(field().value).toBe('15/03');
    // Not a date yet: the form has none, and nothing is said while typing.
    expect(formValue()).toBe('null');
    expect(screen.queryByText(/Data incompleta/)).toBeNull();
    await user.keyboard('2026');
    expect(field().value).toBe('15/03/2026');
    expect(formValue()).toBe('2026-03-15');
    await user.tab();
    expect(field().value).toBe('15/03/2026');
  });

  it('shows the form date as dd/mm/aaaa; clicking in selects it, so typing replaces it', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-11-23" />);
    expect(field().value).toBe('23/11/2026');
    await user.click(field());
    await user.keyboard('01122026');
    expect(field().value).toBe('01/12/2026');
    expect(formValue()).toBe('2026-12-01');
  });

  it('says in pt-BR that 31/02/2026 does not exist, and gives the form no date', async () => {
    const user = await typeIn('31022026');
    expect(screen.getByText('Data inválida: fevereiro de 2026 tem 28 dias.')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(formValue()).toBe('null');
    await user.tab();
    // The text stays, so the person sees what to fix.
    expect(field().value).toBe('31/02/2026');
    await user.click(field());
    await user.keyboard('28022026');
    expect(screen.queryByText(/Data inválida/)).toBeNull();
    expect(formValue()).toBe('2026-02-28');
  });

  it('a full date is fixed by typing over it, or retyped from its end', async () => {
    const user = await typeIn('31022026');
    // Still in the field, the person clicks it again (the caret lands at the end) and types.
    await user.click(field());
    await user.keyboard('28022026');
    expect(field().value).toBe('28/02/2026');
    expect(formValue()).toBe('2026-02-28');
    // The caret before the month's 2: a 3 typed takes its place.
    field().setSelectionRange(4, 4);
    await user.keyboard('3');
    expect(field().value).toBe('28/03/2026');
    expect(field().selectionStart).toBe(6);
    expect(formValue()).toBe('2026-03-28');
  });

  it('an incomplete date is told when the field is left or its form is sent', async () => {
    const user = await typeIn('1503{Enter}');
    expect(screen.getByText('Data incompleta: digite dia, mês e ano (dd/mm/aaaa).')).toBeTruthy();
    await user.keyboard('2026');
    expect(screen.queryByText(/Data incompleta/)).toBeNull();
    await user.keyboard('{Backspace}');
    await user.tab();
    expect(screen.getByText('Data incompleta: digite dia, mês e ano (dd/mm/aaaa).')).toBeTruthy();
  });

  it('says when a date is outside the days allowed', async () => {
    await typeIn('24112026', { max: '2026-11-23' });
    expect(screen.getByText('Escolha uma data até 23/11/2026.')).toBeTruthy();
    expect(formValue()).toBe('null');
  });

  it('empties when the form clears it', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-11-23" />);
    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(field().value).toBe('');
  });

  it('picks a day from the calendar with the mouse, in pt-BR', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-03-15" />);
    await user.click(screen.getByRole('button', { name: 'Escolher Vencimento no calendário' }));
    const calendar = screen.getByRole('dialog', { name: 'Calendário: Vencimento' });
    expect(within(calendar).getByText('março de 2026')).toBeTruthy();
    expect(
      within(calendar)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb']);
    // March 2026 starts on a Sunday; the chosen day has the focus.
    const chosen = within(calendar).getByRole('button', { name: '15 de março de 2026, domingo' });
    expect(document.activeElement).toBe(chosen);
    await user.click(within(calendar).getByRole('button', { name: 'Próximo mês' }));
    expect(within(calendar).getByText('abril de 2026')).toBeTruthy();
    await user.click(within(calendar).getByRole('button', { name: '7 de abril de 2026, terça-feira' }));
    expect(screen.queryByRole('dialog', { name: 'Calendário: Vencimento' })).toBeNull();
    expect(field().value).toBe('07/04/2026');
    expect(formValue()).toBe('2026-04-07');
    expect(document.activeElement).toBe(field());
  });

  it('is used with the keyboard: arrows, Page Down, Enter; Escape closes', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-01-31" />);
    const open = screen.getByRole('button', { name: 'Escolher Vencimento no calendário' });
    open.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('31 de janeiro de 2026, sábado');
    // A month on from 31 January: the last day of February.
    await user.keyboard('{PageDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('28 de fevereiro de 2026, sábado');
    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowLeft}{ArrowUp}{ArrowUp}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('21 de fevereiro de 2026, sábado');
    await user.keyboard('{Home}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('15 de fevereiro de 2026, domingo');
    await user.keyboard('{Enter}');
    expect(formValue()).toBe('2026-02-15');
    expect(field().value).toBe('15/02/2026');

    await user.click(open);
    await user.keyboard('{ArrowLeft}{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Calendário: Vencimento' })).toBeNull();
    expect(formValue()).toBe('2026-02-15');
    expect(document.activeElement).toBe(field());
  });

  it('days outside the bounds are shown but not picked; Hoje picks today', async () => {
    const user = userEvent.setup();
    const today = todayIso();
    render(<Harness max={today} />);
    await user.click(screen.getByRole('button', { name: 'Escolher Vencimento no calendário' }));
    const calendar = screen.getByRole('dialog', { name: 'Calendário: Vencimento' });
    const current = calendar.querySelector<HTMLButtonElement>(`[data-day="${today}"]`)!;
    expect(current.getAttribute('aria-current')).toBe('date');
    await user.keyboard('{ArrowRight}');
    const tomorrow = document.activeElement as HTMLButtonElement;
    expect(tomorrow.dataset.day).toBe(addDays(today, 1));
    expect(tomorrow.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    expect(formValue()).toBe('vazio');
    await user.click(within(calendar).getByRole('button', { name: 'Hoje' }));
    expect(formValue()).toBe(today);
    expect(field().value).toBe(formatDate(today));
  });

  it('Escape in the calendar closes the calendar, not the dialog it sits in', async () => {
    const user = userEvent.setup();
    let closed = 0;
    function InDialog() {
      const [value, setValue] = useState<string | null>('');
      return (
        <Dialog open title="Nova Conta" onClose={() => closed++}>
          <DateField label="Vencimento" value={value} onChange={setValue} />
        </Dialog>
      );
    }
    render(<InDialog />);
    await user.click(screen.getByRole('button', { name: 'Escolher Vencimento no calendário' }));
    expect(screen.getByRole('dialog', { name: 'Calendário: Vencimento' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Calendário: Vencimento' })).toBeNull();
    expect(closed).toBe(0);
    await user.keyboard('{Escape}');
    expect(closed).toBe(1);
  });
});
