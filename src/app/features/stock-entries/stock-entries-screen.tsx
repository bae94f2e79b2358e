// Entrada de Mercadorias (admins): upload a supplier's NF-e XML, see what each line would
// enter and as which product and at what cost, link lines by hand or create products from
// them, say how a note without duplicatas is paid, confirm (one transaction on the server:
// stock, costs, bills) and see the result.
import { useRef, useState, type ChangeEvent } from 'react';
import type { NfePreview, NfePreviewLine, StockEntryResult } from '../../../shared/contract/stock-entries';
import { formatDate, todayIso } from '../../../shared/dates';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { CheckboxField } from '../../components/field';
import { PageHeader } from '../../components/page-header';
import { InlineLoading } from '../../components/spinner';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { newIdempotencyKey, useConfirmEntry, useNfePreview, useStockEntries } from './api';
import {
  confirmBody,
  newProductOf,
  NO_PAYMENT,
  paymentOf,
  pendingLines,
  plannedPayables,
  proposedChoices,
  type Choices,
  type PaymentDraft,
} from './entry-choice';
import { EntryLinesTable } from './entry-lines-table';
import { LinkProductDialog, NewProductDialog } from './line-dialogs';
import { EntryResult, NfeSummary, PayablesPlan } from './nfe-summary';
import { PaymentChoice } from './payment-choice';

type Editing = { kind: 'link' | 'new'; line: NfePreviewLine } | null;

export function StockEntriesScreen() {
  const [xml, setXml] = useState<string | null>(null);
  const [preview, setPreview] = useState<NfePreview | null>(null);
  const [choices, setChoices] = useState<Choices>({});
  const [factors, setFactors] = useState<Record<number, number>>({});
  const [accept, setAccept] = useState(false);
  const [paymentDraft, setPaymentDraft] = useState<PaymentDraft>(NO_PAYMENT);
  const [editing, setEditing] = useState<Editing>(null);
  const [result, setResult] = useState<StockEntryResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One key per confirm of one note: a retry after a lost answer is the same confirm.
  const confirmKey = useRef(newIdempotencyKey());
  const read = useNfePreview();
  const confirm = useConfirmEntry();
  const recent = useStockEntries();

  function load(text: string, typed: Record<number, number>, keep: Choices) {
    setError(null);
    read.mutate(
      {
        xml: text,
        lines: Object.entries(typed).map(([item, units]) => ({ item_number: Number(item), units_per_package: units })),
      },
      {
        onSuccess: (data) => {
          setPreview(data);
          setChoices(proposedChoices(data, keep));
        },
        onError: (e) => {
          setPreview(null);
          setError(describeError(e, 'Erro ao ler a NF-e'));
        },
      },
    );
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const text = await file.text();
    setXml(text);
    setResult(null);
    setFactors({});
    setAccept(false);
    setPaymentDraft(NO_PAYMENT);
    confirmKey.current = newIdempotencyKey();
    load(text, {}, {});
  }

  function onFactor(item: number, units: number) {
    const next = { ...factors, [item]: units };
    setFactors(next);
    if (xml) load(xml, next, choices);
  }

  function createAllNew() {
    if (!preview) return;
    const next = { ...choices };
    for (const line of preview.lines) {
      if ((next[line.item_number]?.kind ?? 'none') === 'none')
        next[line.item_number] = newProductOf(line, preview.markup_percent);
    }
    setChoices(next);
  }

  function onConfirm() {
    if (!xml || !preview) return;
    confirm.mutate(
      { body: confirmBody(xml, preview, choices, factors, accept, payment), key: confirmKey.current },
      {
        onSuccess: (data) => {
          setResult(data);
          setPreview(null);
          setXml(null);
          toast({
            title: 'Entrada lançada',
            description: `NF-e ${data.entry.number}/${data.entry.series}: estoque e contas atualizados.`,
          });
        },
        onError: (e) => toastError('Erro ao lançar a NF-e', describeError(e, 'Erro desconhecido')),
      },
    );
  }

  const today = todayIso();
  const payment = paymentOf(paymentDraft, today);
  const pending = preview ? pendingLines(preview, choices) : 0;
  const unpaid = preview?.payment_choice_needed === true && payment === null;
  const blocked =
    !preview || pending > 0 || (preview.recipient_warning !== null && !accept) || unpaid || confirm.isPending;
  const editingChoice = editing ? choices[editing.line.item_number] : undefined;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Entrada de Mercadorias"
        subtitle="Importe o XML da NF-e do fornecedor para dar entrada no estoque"
      />
      <Card>
        <CardContent className="flex flex-wrap items-center gap-3">
          <label className="inline-flex h-10 cursor-pointer items-center rounded-md bg-blue-700 px-4 text-sm font-medium text-white hover:bg-blue-800 focus-within:ring-2 focus-within:ring-blue-500">
            Selecionar XML da NF-e
            <input
              type="file"
              accept=".xml,text/xml,application/xml"
              className="sr-only"
              aria-label="Arquivo XML da NF-e"
              onChange={(e) => void onFile(e)}
            />
          </label>
          {read.isPending ? <InlineLoading text="Lendo a NF-e..." /> : null}
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </CardContent>
      </Card>

      {result ? <EntryResult result={result} /> : null}

      {preview ? (
        <>
          <NfeSummary preview={preview} />
          {preview.recipient_warning ? (
            <Card className="border-yellow-300 bg-yellow-50 p-4">
              <p className="mb-2 text-sm text-yellow-900">{preview.recipient_warning}</p>
              <CheckboxField label="Lançar mesmo assim" checked={accept} onChange={setAccept} />
            </Card>
          ) : null}
          <Card>
            <CardHeader
              title="Itens"
              description={pending ? `${pending} item(ns) sem produto ou com pendência` : 'Todos os itens têm produto'}
              actions={
                <Button variant="outline" size="sm" onClick={createAllNew}>
                  Criar produtos para os itens sem produto
                </Button>
              }
            />
            <EntryLinesTable
              lines={preview.lines}
              choices={choices}
              onLink={(line) => setEditing({ kind: 'link', line })}
              onCreate={(line) => setEditing({ kind: 'new', line })}
              onFactor={onFactor}
            />
          </Card>
          {preview.payment_choice_needed ? (
            <PaymentChoice preview={preview} draft={paymentDraft} today={today} onChange={setPaymentDraft} />
          ) : null}
          <Card>
            <CardHeader title="Contas a pagar" description="Categoria Mercadorias para revenda" />
            <PayablesPlan payables={plannedPayables(preview, payment)} paid={payment?.kind === 'paid'} />
          </Card>
          <div className="flex flex-wrap items-center justify-end gap-3">
            {unpaid ? (
              <span className="text-sm text-yellow-800">Diga se a nota já foi paga ou quando vence.</span>
            ) : null}
            <span className="text-sm text-slate-600">Total da nota: {formatBRL(preview.total)}</span>
            <Button onClick={onConfirm} disabled={blocked}>
              {confirm.isPending ? 'Lançando...' : 'Confirmar entrada'}
            </Button>
          </div>
        </>
      ) : null}

      <Card>
        <CardHeader title="Últimas entradas" />
        <CardContent>
          {recent.data?.stock_entries.length ? (
            <ul className="divide-y divide-slate-100 text-sm">
              {recent.data.stock_entries.map((e) => (
                <li key={e.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    NF-e {e.number}/{e.series} · {e.supplier_name}
                  </span>
                  <span className="text-slate-600">
                    {formatDate(e.created_at)} · {formatBRL(e.total)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">Nenhuma entrada lançada ainda</p>
          )}
        </CardContent>
      </Card>

      {editing?.kind === 'link' ? (
        <LinkProductDialog
          line={editing.line}
          onClose={() => setEditing(null)}
          onChoose={(product) => {
            setChoices({ ...choices, [editing.line.item_number]: { kind: 'product', product, byHand: true } });
            setEditing(null);
          }}
        />
      ) : null}
      {editing?.kind === 'new' && preview ? (
        <NewProductDialog
          line={editing.line}
          initial={
            editingChoice?.kind === 'new'
              ? editingChoice
              : (newProductOf(editing.line, preview.markup_percent) as Extract<typeof editingChoice, { kind: 'new' }> &
                  object)
          }
          onClose={() => setEditing(null)}
          onSave={(choice) => {
            setChoices({ ...choices, [editing.line.item_number]: choice });
            setEditing(null);
          }}
        />
      ) : null}
    </div>
  );
}
