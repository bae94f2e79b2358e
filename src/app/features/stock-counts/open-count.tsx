// An open count: what it comes to so far, the scan/search field (a scanned code and Enter
// adds one unit to that product's count), the products with their counted fields, and
// finishing or cancelling it. Counted quantities are kept on the device and sent through
// the outbox (offline/stock-counts.ts): without a connection the count goes on (a scan
// finds its product in the device's catalogue), and finishing waits until every queued
// quantity has reached the server.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { StockCount, StockCountLine } from '../../../shared/contract/stock-counts';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/field';
import { PaginationBar } from '../../components/pagination-bar';
import { StatCard, StatGrid } from '../../components/stat-card';
import { toast, toastError } from '../../components/toast-store';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useMirrorComplete, useOnline } from '../../offline/hooks';
import { useMirrorProducts } from '../../offline/mirror-hooks';
import { useQueuedCounts, useRecordCount } from '../../counter/stock-count-hooks';
import {
  cachedCounted,
  fetchCountLines,
  newIdempotencyKey,
  useCancelCount,
  useCountLines,
  useFinishCount,
  useRefreshCount,
} from './api';
import { CountLinesTable } from './count-lines-table';

const SEARCH_DEBOUNCE_MS = 300;
const failed = (title: string) => (error: Error) => toastError(title, error.message);

export function OpenCount({ count }: { count: StockCount }) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const lines = useCountLines(count.id, search, page);
  const queued = useQueuedCounts(count.id);
  const recordCount = useRecordCount();
  const refresh = useRefreshCount();
  const client = useQueryClient();
  const online = useOnline();
  // The device's catalogue, read once its first load is over (as the till does).
  const mirror = useMirrorProducts(useMirrorComplete() === true);
  const finish = useFinishCount();
  const cancel = useCancelCount();
  const [asking, setAsking] = useState<'finish' | 'cancel' | null>(null);
  const finishKey = useRef(newIdempotencyKey());
  const { totals } = count;

  // What the outbox delivered is the server's now: the lines and totals are fetched again.
  const queuedSize = useRef(queued.size);
  useEffect(() => {
    if (queued.size < queuedSize.current) void refresh();
    queuedSize.current = queued.size;
  }, [queued.size, refresh]);

  const shown = useMemo(() => withQueued(lines.data?.lines ?? [], queued), [lines.data, queued]);

  function save(productId: string, productName: string, counted: number) {
    return recordCount({ countId: count.id, productId, productName, counted }).catch(
      failed('Erro ao salvar a contagem'),
    );
  }

  /** The one product a scanned or typed code names: the server's line online, else the device's catalogue. */
  async function productOf(code: string): Promise<{ id: string; name: string; counted: number | null } | null> {
    if (online) {
      try {
        const found = await fetchCountLines(count.id, code, 1, 2);
        if (found.lines.length !== 1) return null;
        const line = found.lines[0]!;
        return { id: line.product_id, name: line.name, counted: line.counted };
      } catch {
        // No answer: the device's catalogue answers below.
      }
    }
    const product = mirror.findByCode(code);
    return product
      ? { id: product.id, name: product.name, counted: cachedCounted(client, count.id, product.id) ?? null }
      : null;
  }

  /** Enter in the field: the one product the text finds gets one more unit counted. */
  async function scan() {
    const code = text.trim();
    if (!code) return;
    const product = await productOf(code);
    if (!product) {
      toastError('Não encontrado', `Código ${code} não encontrado neste inventário`);
      return;
    }
    const counted = (queued.get(product.id) ?? product.counted ?? 0) + 1;
    await save(product.id, product.name, counted);
    toast({ title: product.name, description: `${counted} contado(s)` });
    setText('');
  }

  return (
    <>
      <StatGrid columns={4}>
        <StatCard
          title="Produtos no inventário"
          value={totals.products}
          detail={count.search ? `Filtro: ${count.search}` : 'Todos os produtos'}
        />
        <StatCard title="Contados" value={totals.counted} detail="Os não contados ficam como estão" />
        <StatCard title="Com diferença" value={totals.differing} tone={totals.differing ? 'yellow' : 'default'} />
        <StatCard
          title="Diferença a custo"
          value={formatBRL(totals.difference_value)}
          detail={`${totals.difference_units} unidade(s)`}
          tone={totals.difference_value < 0 ? 'red' : totals.difference_value > 0 ? 'green' : 'default'}
        />
      </StatGrid>
      <Card>
        <CardHeader
          title="Contagem"
          description="Cada produto é comparado com o estoque do sistema no momento em que foi contado: vendas feitas depois continuam valendo."
          actions={
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setAsking('cancel')}>
                Cancelar inventário
              </Button>
              <Button onClick={() => setAsking('finish')} disabled={totals.counted === 0 || queued.size > 0}>
                Finalizar inventário
              </Button>
            </div>
          }
        />
        <CardContent className="space-y-4">
          {queued.size > 0 ? (
            <p role="status" className="rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
              {`${queued.size} contagem(ns) salva(s) neste aparelho, aguardando envio${online ? '' : ' (sem conexão)'}. `}
              Finalize o inventário depois que forem enviadas.
            </p>
          ) : null}
          <TextField
            label="Ler ou buscar produto"
            placeholder="Código de barras, SKU ou nome"
            hint="Com o leitor: cada leitura soma 1 ao contado do produto. Ou digite a quantidade na linha."
            value={text}
            autoComplete="off"
            onChange={(event) => {
              setText(event.target.value);
              setPage(1);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void scan();
              }
            }}
          />
          {lines.data ? (
            <>
              <CountLinesTable
                lines={shown}
                queued={queued}
                onCount={(line, counted) => void save(line.product_id, line.name, counted)}
              />
              {lines.data.pagination.totalPages > 1 ? (
                <PaginationBar page={page} totalPages={lines.data.pagination.totalPages} onPage={setPage} />
              ) : null}
            </>
          ) : (
            <p className="text-sm text-slate-600">{lines.isError ? 'Erro ao carregar os produtos' : 'Carregando...'}</p>
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={asking === 'finish'}
        title="Finalizar inventário"
        message={`${totals.differing} produto(s) com diferença terão o estoque ajustado (${totals.difference_units} un., ${formatBRL(totals.difference_value)} a custo). Os produtos não contados ficam como estão.`}
        confirmLabel="Finalizar"
        pendingLabel="Finalizando..."
        destructive={false}
        pending={finish.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          // mutateAsync: the answer is shown even though this card goes away once the count is finished.
          finish.mutateAsync({ id: count.id, key: finishKey.current }).then((done) => {
            setAsking(null);
            toast({ title: 'Inventário finalizado', description: `${done.totals.differing} produto(s) ajustado(s).` });
          }, failed('Erro ao finalizar o inventário'))
        }
      />
      <ConfirmDialog
        open={asking === 'cancel'}
        title="Cancelar inventário"
        message="O que foi contado será descartado e nenhum estoque muda."
        confirmLabel="Cancelar inventário"
        pendingLabel="Cancelando..."
        pending={cancel.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          cancel.mutateAsync(count.id).then(() => {
            setAsking(null);
            toast({ title: 'Inventário cancelado', description: 'Nenhum estoque foi alterado.' });
          }, failed('Erro ao cancelar o inventário'))
        }
      />
    </>
  );
}

/** The server's lines with what this device counted and has not sent yet (the difference then comes from the server). */
function withQueued(lines: readonly StockCountLine[], queued: ReadonlyMap<string, number>): StockCountLine[] {
  return lines.map((line) => {
    const counted = queued.get(line.product_id);
    return counted === undefined ? line : { ...line, counted, difference: null };
  });
}
