// Configurações > Fiscal > 'Contingência off-line' > 'Chave nos caixas': whether this till holds the
// store's signing key and until when, and importing the A1 here (the .pfx and its password,
// opened in this browser by till-key-import.ts, loaded only when the admin imports).
// A refusal (wrong password, another company's certificate, expired, not a .pfx) is said
// under the form, in the words of the rule.
import { useState, type FormEvent } from 'react';
import { formatDate } from '../../../shared/dates';
import { Button } from '../../components/button';
import { ErrorNote } from '../../components/error-note';
import { TextField } from '../../components/field';
import { FilePicker } from '../../components/file-picker';
import { toast } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useTillKey } from '../../counter/till-key';
import { useOnline } from '../../offline/hooks';
import { useImportTillKey } from './till-keys-api';
import { ValidityBadge } from './validity-badge';

function HeldKey() {
  const held = useTillKey();
  if (held === undefined) return null;
  if (held === null)
    return (
      <p className="text-sm text-slate-600" data-testid="this-till-key">
        Este caixa não tem a chave: importe aqui o certificado A1 da loja para que ele emita em contingência.
      </p>
    );
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="this-till-key">
      <span className="break-all">Este caixa tem a chave do certificado nº {held.serial}.</span>
      <ValidityBadge notAfter={held.notAfter} />
    </p>
  );
}

export function TillKeyImport() {
  const importKey = useImportTillKey();
  const online = useOnline();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A new input after each import, so the chosen file is cleared.
  const [inputKey, setInputKey] = useState(0);
  const busy = importKey.isPending;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      setError('Escolha o arquivo .pfx do certificado A1.');
      return;
    }
    setError(null);
    try {
      const key = await importKey.mutateAsync({ file, password });
      setFile(null);
      setPassword('');
      setInputKey((k) => k + 1);
      toast({
        title: 'Chave importada neste caixa',
        description: `${key.till} emite em contingência até ${formatDate(key.not_after)}.`,
      });
    } catch (failure) {
      setError(describeError(failure, 'Erro ao importar o certificado'));
    }
  }

  return (
    <section aria-labelledby="this-till-title" className="flex flex-col gap-3">
      <h3 id="this-till-title" className="text-sm font-semibold text-slate-900">
        Este caixa
      </h3>
      <HeldKey />
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FilePicker
          key={inputKey}
          label="Certificado A1 (.pfx) para este caixa"
          accept=".pfx,.p12,application/x-pkcs12"
          file={file}
          disabled={busy}
          onFile={(chosen) => {
            setFile(chosen);
            setError(null);
          }}
        />
        <TextField
          label="Senha do certificado A1"
          type="password"
          autoComplete="off"
          value={password}
          disabled={busy}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error ? (
          <div className="sm:col-span-2">
            <ErrorNote>{error}</ErrorNote>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center justify-end gap-3 sm:col-span-2">
          {online ? null : (
            <span className="text-sm text-amber-800">Conecte-se à internet: o servidor registra a chave do caixa.</span>
          )}
          <Button type="submit" disabled={busy || !online}>
            {busy ? 'Importando...' : 'Importar neste caixa'}
          </Button>
        </div>
      </form>
    </section>
  );
}
