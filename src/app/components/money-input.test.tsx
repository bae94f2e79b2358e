// MoneyInput: keeps what the person types while focused, shows the amount on blur,
// hands the form centavos (or null).
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

describe('MoneyField', () => {
  it('reads a Brazilian amount and formats it on blur', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Valor') as HTMLInputElement;
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
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Valor'), '119.90');
    expect(centavos()).toBe('11990');
    await user.tab();
    expect((screen.getByLabelText('Valor') as HTMLInputElement).value).toBe('119,90');
  });

  it('keeps text that is not an amount, and hands null', async () => {
    const user = userEvent.setup();
    render(<Harness initial={500} />);
    const input = screen.getByLabelText('Valor') as HTMLInputElement;
    expect(input.value).toBe('5,00');
    await user.clear(input);
    await user.type(input, '12,345');
    expect(centavos()).toBe('null');
    await user.tab();
    expect(input.value).toBe('12,345');
  });

  it('empties when the form clears the value', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Valor') as HTMLInputElement;
    await user.type(input, '10');
    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(centavos()).toBe('null');
    expect(input.value).toBe('');
  });
});
