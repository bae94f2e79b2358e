// Etiquetas: price labels for chosen products (searched here, or handed over by another
// screen with how many of each, as an NF-e entry does), printed through the browser's
// print on a sheet of labels or a label printer's roll. Only the label pages reach paper
// (label-pages.tsx, labels-print.css). Works from the device's catalogue, offline too.
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { ChoiceField } from '../../components/choice-field';
import { QuantityField, parseQuantityText } from '../../components/quantity-input';
import { PageHeader } from '../../components/page-header';
import { ProductSearch } from '../../components/record-search';
import { labelRequestOf } from '../../lib/label-request';
import { useSyncEngine } from '../../offline/hooks';
import { useMirrorProducts } from '../../offline/mirror-hooks';
import type { MirrorProduct } from '../../offline/db';
import { labelCode } from './label-barcode';
import type { LabelProduct } from './label-card';
import {
  LABELS_PER_PRINT_MAX,
  LABEL_FORMATS,
  LABEL_FORMAT_IDS,
  expandLabels,
  labelsPerPage,
  layoutPages,
  type LabelFormatId,
} from './label-formats';
import { LabelItemsTable, type LabelItem } from './label-items-table';
import { PrintedLabels } from './label-pages';
import { LabelPreview } from './label-preview';

const FORMAT_NAMES = Object.fromEntries(LABEL_FORMAT_IDS.map((id) => [id, LABEL_FORMATS[id].name]));

const toLabelProduct = (p: MirrorProduct): LabelProduct => ({
  id: p.id,
  name: p.name,
  size: p.size ?? '',
  color: p.color ?? '',
  sale_price: p.sale_price,
  code: labelCode(p),
});

/**
 * The labels handed over with the navigation, as the device's catalogue names their
 * products. Products it does not have yet (just created by an NF-e entry) are asked for
 * with a sync, and join the list when they arrive; `missing` counts them meanwhile.
 */
function useHandedItems(rows: ReadonlyMap<string, MirrorProduct>, ready: boolean) {
  const location = useLocation();
  const engine = useSyncEngine();
  const request = useMemo(() => labelRequestOf(location.state), [location.state]);
  const items = useMemo(
    () =>
      ready
        ? request.flatMap(({ product_id, quantity }) => {
            const product = rows.get(product_id);
            return product ? [{ product: toLabelProduct(product), quantity: String(quantity) }] : [];
          })
        : null,
    [ready, rows, request],
  );
  const missing = ready ? request.length - (items?.length ?? 0) : 0;
  useEffect(() => {
    if (missing > 0) void engine?.syncNow();
  }, [missing, engine]);
  return { items, missing };
}

export function LabelsScreen() {
  const mirror = useMirrorProducts();
  const handed = useHandedItems(mirror.rows, mirror.ready);
  const [edited, setEdited] = useState<LabelItem[] | null>(null);
  const items = useMemo(() => edited ?? handed.items ?? [], [edited, handed.items]);
  const [query, setQuery] = useState('');
  const [formatId, setFormatId] = useState<LabelFormatId>('pimaco-6180');
  const [startAt, setStartAt] = useState('1');
  const format = LABEL_FORMATS[formatId];
  const results = useMemo(() => mirror.search(query), [mirror, query]);

  const labels = useMemo(
    () => expandLabels(items.map((i) => ({ item: i.product, quantity: parseQuantityText(i.quantity) ?? 0 }))),
    [items],
  );
  const start = parseQuantityText(startAt);
  const startError =
    format.kind === 'sheet' && (start === null || start < 1 || start > labelsPerPage(format))
      ? `Escolha uma posição de 1 a ${labelsPerPage(format)}`
      : undefined;
  const tooMany = labels.length > LABELS_PER_PRINT_MAX;
  const pages = useMemo(
    () => (tooMany ? [] : layoutPages(format, labels, format.kind === 'sheet' ? (start ?? 1) - 1 : 0)),
    [format, labels, start, tooMany],
  );

  function add(product: MirrorProduct) {
    const found = items.find((i) => i.product.id === product.id);
    setEdited(
      found
        ? items.map((i) => (i === found ? { ...i, quantity: String((parseQuantityText(i.quantity) ?? 0) + 1) } : i))
        : [...items, { product: toLabelProduct(product), quantity: '1' }],
    );
    setQuery('');
  }

  const blocked = labels.length === 0 || tooMany || Boolean(startError);
  const summary =
    format.kind === 'sheet'
      ? `${labels.length} etiqueta(s) em ${pages.length} folha(s)`
      : `${labels.length} etiqueta(s) no rolo`;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Etiquetas"
        subtitle="Etiquetas de preço com código de barras, em folha ou no rolo da etiquetadora"
        actions={
          <Button onClick={() => window.print()} disabled={blocked}>
            Imprimir
          </Button>
        }
      />
      <Card>
        <CardHeader
          title="Produtos"
          description="Busque pelo nome, SKU ou código de barras (o leitor também funciona)"
        />
        <CardContent className="space-y-4">
          <ProductSearch
            value={query}
            onChange={setQuery}
            loading={mirror.ready ? null : { detail: null }}
            results={results}
            onSelect={add}
            detail={(p) => (p.barcode ? ` · ${p.barcode}` : '')}
          />
          {handed.missing > 0 && edited === null ? (
            <p role="status" className="text-sm text-slate-600">
              {`Buscando ${handed.missing} produto(s) que ainda não estão neste aparelho...`}
            </p>
          ) : null}
          <LabelItemsTable
            items={items}
            onQuantity={(id, quantity) => setEdited(items.map((i) => (i.product.id === id ? { ...i, quantity } : i)))}
            onRemove={(id) => setEdited(items.filter((i) => i.product.id !== id))}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader title="Impressão" description={summary} />
        <CardContent className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <ChoiceField
              label="Etiqueta"
              value={formatId}
              onChange={(event) => setFormatId(event.target.value as LabelFormatId)}
              choices={LABEL_FORMAT_IDS}
              labels={FORMAT_NAMES}
            />
            {format.kind === 'sheet' ? (
              <QuantityField
                label="Começar na etiqueta nº"
                value={startAt}
                onChange={(event) => setStartAt(event.target.value)}
                error={startError}
              />
            ) : null}
          </div>
          <p className="text-sm text-slate-600">
            Na janela de impressão, escolha o papel do tamanho da etiqueta e escala 100% (sem ajustar à página).
          </p>
          {tooMany ? (
            <p role="alert" className="text-sm font-medium text-red-600">
              {`São ${labels.length} etiquetas: imprima no máximo ${LABELS_PER_PRINT_MAX} de cada vez.`}
            </p>
          ) : null}
          {pages.length > 0 ? <LabelPreview format={format} pages={pages} /> : null}
        </CardContent>
      </Card>
      {pages.length > 0 ? <PrintedLabels format={format} pages={pages} /> : null}
    </div>
  );
}
