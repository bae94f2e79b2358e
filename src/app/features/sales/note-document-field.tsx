// 'CPF na nota?' (Resumo da Venda, while the store emits NFC-e): the consumer's CPF or CNPJ,
// optional below the store's threshold and required from it. Formatted as it is typed
// (shared/document-mask.ts), the caret kept after the same character; filled with the
// chosen customer's own CPF/CNPJ, which the cashier may clear. A wrong one is said once
// the field is left (or, required, at once); 'Finalizar Venda' says why it waits.
import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { documentCharacters, maskDocument } from '../../../shared/document-mask';
import { formatBRL } from '../../../shared/money';
import { TextField } from '../../components/field';
import type { useSaleForm } from './use-sale-form';

export const NOTE_DOCUMENT_LABEL = 'CPF na nota?';

/** The caret's place after `count` document characters of `text`. */
function caretAfter(text: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/[0-9A-Z]/.test(text[i]!) && ++seen === count) return i + 1;
  }
  return text.length;
}

export function NoteDocumentField({ form }: { form: ReturnType<typeof useSaleForm> }) {
  const rule = form.noteRule;
  const typed = form.state.noteDocument ?? '';
  const [left, setLeft] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (caret.current === null || !input.current || document.activeElement !== input.current) return;
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  if (!rule) return null;
  const required = form.total >= rule.threshold;
  const empty = typed.trim() === '';
  const error = form.noteDocumentError && (left || (required && empty)) ? form.noteDocumentError : undefined;

  function onChange(e: ChangeEvent<HTMLInputElement>) {
    const raw = e.target.value;
    const before = documentCharacters(raw.slice(0, e.target.selectionStart ?? raw.length)).length;
    const masked = maskDocument(raw);
    caret.current = caretAfter(masked, before);
    setLeft(false);
    form.actions.setNoteDocument(masked);
  }

  return (
    <TextField
      ref={input}
      label={NOTE_DOCUMENT_LABEL}
      placeholder="CPF ou CNPJ do consumidor"
      inputMode={/[A-Z]/.test(typed) ? 'text' : 'numeric'}
      autoComplete="off"
      spellCheck={false}
      autoCapitalize="characters"
      maxLength={18}
      value={typed}
      onChange={onChange}
      onBlur={() => setLeft(true)}
      error={error}
      hint={
        required
          ? `Obrigatório: venda a partir de ${formatBRL(rule.threshold)}.`
          : `Opcional. Obrigatório a partir de ${formatBRL(rule.threshold)}.`
      }
      required={required}
      data-testid="note-document"
    />
  );
}
