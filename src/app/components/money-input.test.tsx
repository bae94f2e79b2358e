// MoneyInput: keeps what the person types while focused, shows the amount on blur,
// hands the form centavos (or null); focused by a click, Tab or the app, it selects what
// it shows, so typing replaces it.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MoneyField } from './money-input';

function Harness({ initial = null }: { initial?: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <MoneyField label="Valor" value={value} onChange={setValue} />
      <output data-testid="centavos">{value === null ? 'null' : String(value)}</output>
      <button type="button" onClick={() => setValue(null)}>
        Limpar
      </button>
    </>
  );
}

const centavos = () => screen.getByTestId('centavos').textContent;

/** The field on its own (holding `initial` centavos), and a person to use it. */
function renderField(initial?: number | null) {
  const user = userEvent.setup();
  render(<Harness initial={initial} />);
  return { user, input: screen.getByLabelText('Valor') as HTMLInputElement };
}

describe('MoneyField', () => {
  it('reads a Brazilian amount and formats it on blur', async () => {
    const { user, input } = renderField();
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(input.type).toBe('text');
    await user.type(input, '1234,5');
    expect(input.value).toBe('1234,5');
    expect(centavos()).toBe('123450');
    await user.tab();
    expect(input.value).toBe('1.234,50');
    expect(centavos()).toBe('123450');
  });

  it('takes a dot as typed on an en-US keyboard', async () => {
    const { user, input } = renderField();
    await user.type(input, '119.90');
    expect(centavos()).toBe('11990');
    await user.tab();
    expect(input.value).toBe('119,90');
  });

  it('keeps text that is not an amount, and hands null', async () => {
    const { user, input } = renderField(500);
    expect(input.value).toBe('5,00');
    await user.clear(input);
    await user.type(input, '12,345');
    expect(centavos()).toBe('null');
    await user.tab();
    expect(input.value).toBe('12,345');
  });

  it('empties when the form clears the value', async () => {
    const { user, input } = renderField();
    await user.type(input, '10');
    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(centavos()).toBe('null');
    expect(input.value).toBe('');
  });

  it('a 0,00 clicked into is replaced by what is typed', async () => {
    const { user, input } = renderField(0);
    expect(input.value).toBe('0,00');
    await user.click(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 4]);
    await user.keyboard('59,95');
    expect(input.value).toBe('59,95');
    expect(centavos()).toBe('5995');
    await user.tab();
    expect(input.value).toBe('59,95');
  });

  it('an amount reached with Tab is replaced too; a second click places the caret', async () => {
    const user = userEvent.setup();
    render(
      <>
        <input aria-label="Antes" />
        <Harness initial={11990} />
      </>,
    );
    await user.click(screen.getByLabelText('Antes'));
    await user.tab();
    const input = screen.getByLabelText('Valor') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    await user.keyboard('7');
    expect(centavos()).toBe('700');
    // Already focused: the click puts the caret (at the end here), to fix a digit.
    await user.click(input);
    await user.keyboard('5');
    expect(input.value).toBe('75');
  });
});
