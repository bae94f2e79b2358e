// A spreadsheet's progress as the person sees it: the share sent on a bar that fills, then
// the server reading (or writing) the rows on a bar without an end.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SendProgress } from './send-progress';

const bar = () => screen.getByRole('progressbar', { name: 'Progresso da importação' }) as HTMLProgressElement;

describe('SendProgress', () => {
  it('while the file goes, the share sent; then the rows read, then written', () => {
    const { rerender } = render(<SendProgress sent={0.42} confirming={false} />);
    expect(screen.getByRole('status').textContent).toContain('Enviando a planilha... 42%');
    expect(bar().getAttribute('value')).toBe('42');
    expect(bar().getAttribute('max')).toBe('100');

    rerender(<SendProgress sent={1} confirming={false} />);
    expect(screen.getByRole('status').textContent).toContain('Lendo as linhas...');
    expect(bar().hasAttribute('value')).toBe(false);

    rerender(<SendProgress sent={1} confirming />);
    expect(screen.getByRole('status').textContent).toContain('Gravando as linhas...');
    expect(bar().hasAttribute('value')).toBe(false);
  });
});
