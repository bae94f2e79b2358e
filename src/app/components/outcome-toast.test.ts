import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastSaved } from './outcome-toast';
import { useToasts } from './toast-store';

describe('toastSaved', () => {
  it("says 'Sucesso' when the server took the change and 'Salvo neste dispositivo' when queued", () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toastSaved({ queued: false }, 'Conta a pagar criada com sucesso!');
    });
    expect(result.current[0]).toMatchObject({ title: 'Sucesso', description: 'Conta a pagar criada com sucesso!' });
    act(() => {
      toastSaved({ queued: true }, 'Conta a pagar criada com sucesso!');
    });
    expect(result.current[0]).toMatchObject({
      title: 'Salvo neste dispositivo',
      description: 'Conta a pagar criada com sucesso!',
      variant: 'default',
    });
  });
});
