// QuantityField: a whole number typed on the numeric keypad; focusing it selects what it
// holds, so clicking into a '0' (a new product's stock) and typing 12 gives 12.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { QuantityField } from './quantity-input';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <QuantityField label="Estoque atual" value={value} onChange={(event) => setValue(event.target.value)} />;
}

describe('QuantityField', () => {
  it('a 0 clicked into is replaced by what is typed', async () => {
    const user = userEvent.setup();
    render(<Harness initial="0" />);
    const input = screen.getByLabelText('Estoque atual') as HTMLInputElement;
    expect(input.getAttribute('inputmode')).toBe('numeric');
    await user.click(input);
    await user.keyboard('12');
    expect(input.value).toBe('12');
  });

  it('focused by the app (as Nova Venda does after a product is chosen), typing replaces it', async () => {
    const user = userEvent.setup();
    render(<Harness initial="1" />);
    const input = screen.getByLabelText('Estoque atual') as HTMLInputElement;
    input.focus();
    await user.keyboard('2');
    expect(input.value).toBe('2');
    // A second click inside the focused field places the caret instead.
    await user.click(input);
    await user.keyboard('5');
    expect(input.value).toBe('25');
  });
});
