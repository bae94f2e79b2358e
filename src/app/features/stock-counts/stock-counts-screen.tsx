// Inventário (admins): open a count of every product or of those a filter finds, count
// them (typed or scanned), see the differences in units and at cost, and finish it into
// one stock movement per difference. The server does the arithmetic (stock-counts.ts).
import { useState } from 'react';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { TextField } from '../../components/field';
import { PageHeader } from '../../components/page-header';
import { toast, toastError } from '../../components/toast-store';
import { useOpenCount, useStockCounts } from './api';
import { CountHistory } from './count-history';
import { OpenCount } from './open-count';

function NewCount() {
  const [filter, setFilter] = useState('');
  const open = useOpenCount();
  return (
    <Card>
      <CardHeader
        title="Novo inventário"
        description="Conte todos os produtos ou só os que um filtro encontra (uma seção, uma marca)."
      />
      <CardContent>
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            open.mutate(filter.trim(), {
              onSuccess: () => toast({ title: 'Inventário iniciado', description: 'Conte os produtos e finalize.' }),
              onError: (error) => toastError('Erro ao iniciar o inventário', error.message),
            });
          }}
        >
          <TextField
            label="Filtro (opcional)"
            placeholder="Nome, SKU ou código; vazio: todos os produtos"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            className="flex-1"
          />
          <Button type="submit" disabled={open.isPending}>
            {open.isPending ? 'Iniciando...' : 'Iniciar inventário'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

export function StockCountsScreen() {
  const counts = useStockCounts();
  const list = counts.data?.counts ?? [];
  const open = list[0]?.status === 'open' ? list[0] : null;
  return (
    <div className="space-y-6">
      <PageHeader title="Inventário" subtitle="Contagem do estoque: o que está na prateleira contra o sistema" />
      {!counts.data ? (
        <p className="text-sm text-slate-600">{counts.isError ? 'Erro ao carregar os inventários' : 'Carregando...'}</p>
      ) : open ? (
        <OpenCount count={open} />
      ) : (
        <NewCount />
      )}
      {counts.data ? (
        <Card>
          <CardHeader title="Inventários" />
          <CardContent>
            <CountHistory counts={list.filter((c) => c !== open)} />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
