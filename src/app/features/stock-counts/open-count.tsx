// An open count: what it comes to so far, the scan/search field (a scanned code and Enter
// adds one unit to that product's count), the products with their counted fields, and
// finishing or cancelling it.
import { useRef, useState } from 'react';
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
import {
  fetchCountLines,
  newIdempotencyKey,
  useCancelCount,
  useCountLines,
  useFinishCount,
  useSetCounted,
} from './api';
import { CountLinesTable } from './count-lines-table';

const SEARCH_DEBOUNCE_MS = 300;
const failed = (title: string) => (error: Error) => toastError(title, error.message);

export function OpenCount({ count }: { count: StockCount }) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const lines = useCountLines(count.id, search, page);
  const setCounted = useSetCounted();
  const finish = useFinishCount();
  const cancel = useCancelCount();
  const [asking, setAsking] = useState<'finish' | 'cancel' | null>(null);
  const finishKey = useRef(newIdempotencyKey());
  const { totals } = count;

  function save(line: StockCountLine, counted: number) {
    setCounted.mutate(
      { id: count.id, productId: line.product_id, counted },
      { onError: failed('Erro ao salvar a contagem') },
    );
  }

  /** Enter in the field: the one product the text finds gets one more unit counted. */
  async function scan() {
    const code = text.trim();
    if (!code) return;
    try {
      const found = await fetchCountLines(count.id, code, 1, 2);
      if (found.lines.length !== 1) {
        if (found.lines.length === 0) toastError('Não encontrado', `Código ${code} não encontrado neste inventário`);
        return;
      }
      const line = found.lines[0]!;
      const counted = (line.counted ?? 0) + 1;
      await setCounted.mutateAsync({ id: count.id, productId: line.product_id, counted });
      toast({ title: line.name, description: `${counted} contado(s)` });
      setText('');
    } catch (error) {
      failed('Erro ao salvar a contagem')(error as Error);
    }
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
              <Button onClick={() => setAsking('finish')} disabled={totals.counted === 0}>
                Finalizar inventário
              </Button>
            </div>
          }
        />
        <CardContent className="space-y-4">
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
              <CountLinesTable lines={lines.data.lines} onCount={save} />
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
