// Configurações > Fiscal > 'Contingência off-line' > 'Chave nos caixas': the store's signing key on the tills. To
// emit NFC-e without internet a till signs with the key of the store's A1, kept in its
// browser where nothing can copy it out. Here the admin imports the A1 on this till (the
// file and its password are opened in this browser and kept nowhere), sees which tills hold
// the key and until when, and removes it from a till (lost, stolen, retired): the till drops
// it as soon as it hears, and a note it signs after that is refused.
import { useState } from 'react';
import type { TillKey } from '../../../shared/contract/fiscal-till-keys';
import { formatDate } from '../../../shared/dates';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { QueryContent } from '../../components/list-card';
import { failedAs, RowConfirm } from '../../components/confirm-dialog';
import { toast } from '../../components/toast-store';
import { useThisTillId } from '../../counter/till-key';
import { useRevokeTillKey, useTillKeys } from './till-keys-api';
import { TillKeyImport } from './till-key-import-form';
import { ValidityBadge } from './validity-badge';

/** How many removed keys the card recalls. */
const REMOVED_SHOWN = 5;

function KeyRow({ tillKey, own, onRemove }: { tillKey: TillKey; own: boolean; onRemove: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          {tillKey.till}
          {own ? <Badge tone="blue">este caixa</Badge> : null}
          <ValidityBadge notAfter={tillKey.not_after} />
        </p>
        <p className="mt-0.5 text-xs break-words text-slate-500">
          Certificado nº {tillKey.certificate_serial} · importado em {formatDate(tillKey.enabled_at)}
          {tillKey.enabled_by ? ` por ${tillKey.enabled_by}` : ''}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={onRemove}>
        Remover chave
      </Button>
    </li>
  );
}

function TillsWithKey({ keys, thisTill }: { keys: TillKey[]; thisTill: string | null }) {
  const revoke = useRevokeTillKey();
  const [asked, setAsked] = useState<TillKey | null>(null);
  const inForce = keys.filter((k) => k.revoked_at === null);
  const removed = keys.filter((k) => k.revoked_at !== null).slice(0, REMOVED_SHOWN);
  return (
    <>
      {inForce.length ? (
        <ul aria-label="Caixas com a chave" className="divide-y divide-slate-100">
          {inForce.map((k) => (
            <KeyRow key={k.id} tillKey={k} own={k.device_id === thisTill} onRemove={() => setAsked(k)} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">Nenhum caixa tem a chave: nenhum emite em contingência.</p>
      )}
      {removed.length ? (
        <details className="text-sm text-slate-600">
          <summary className="cursor-pointer">Chaves removidas</summary>
          <ul className="mt-2 flex flex-col gap-1">
            {removed.map((k) => (
              <li key={k.id} className="break-words">
                {k.till}: removida em {formatDate(k.revoked_at!)}
                {k.revoked_by ? ` por ${k.revoked_by}` : ''}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <RowConfirm
        row={asked}
        title="Remover a chave do caixa?"
        message={
          asked
            ? `${asked.till} apaga a chave assim que se conectar, e deixa de emitir em contingência. Uma nota que ele assinar depois disso é recusada.`
            : ''
        }
        confirmLabel="Remover chave"
        pendingLabel="Removendo..."
        run={async (k) => {
          await revoke.mutateAsync(k.id);
          toast({ title: 'Chave removida', description: `${k.till} não emite mais em contingência.` });
        }}
        pending={revoke.isPending}
        failed={failedAs('Erro ao remover a chave')}
        onClose={() => setAsked(null)}
      />
    </>
  );
}

/** The part of the 'Contingência off-line' card (fiscal-contingency-card.tsx) about the tills' key. */
export function TillKeysSection() {
  const query = useTillKeys();
  const thisTill = useThisTillId();
  return (
    <section aria-labelledby="till-keys-title" className="flex flex-col gap-4">
      <div>
        <h3 id="till-keys-title" className="text-sm font-semibold text-slate-900">
          Chave nos caixas
        </h3>
        <p className="mt-0.5 text-sm text-slate-500">
          Para emitir NFC-e sem internet, o caixa assina as notas com a chave do certificado A1, guardada no navegador
          dele sem que ninguém consiga copiá-la. O arquivo .pfx e a senha não ficam no caixa nem vão para o servidor.
        </p>
      </div>
      <TillKeyImport />
      <section aria-labelledby="tills-with-key-title" className="flex flex-col gap-2">
        <h3 id="tills-with-key-title" className="text-sm font-semibold text-slate-900">
          Caixas com a chave
        </h3>
        <QueryContent
          query={query}
          loading="Carregando caixas..."
          failed="Erro ao carregar os caixas com a chave"
          failedClassName="py-4"
        >
          {(keys) => <TillsWithKey keys={keys} thisTill={thisTill} />}
        </QueryContent>
      </section>
    </section>
  );
}
