// 'Alertas do Sistema' (spec §2): low stock (naming the variant: 'Calça Jeans Slim · 42 /
// Azul', the one to reorder), overdue receivables and overdue payables,
// each list the most urgent first (the server sends at most a few of each; `counts` says
// how many there are in all), or 'Nenhum alerta ativo'. For admins also the sale conflicts
// nobody reviewed yet, with a link to Conflitos de Vendas, the A1 certificate from 30
// days before it expires, with a link to Configurações (where the new one is sent), and the
// NFC-e SEFAZ rejected, with a link to Notas Fiscais, and the notes issued in offline
// contingency SEFAZ has not authorized yet, with the deadline of the oldest.
import type { ReactNode } from 'react';
import { deadlineText } from '../../../shared/fiscal/contingency-deadline';
import { Link } from 'react-router-dom';
import { formatBRL } from '../../../shared/money';
import { nameWithVariant } from '../../../shared/product-variant';
import { Badge } from '../../components/badge';
import { Card, CardContent, CardHeader } from '../../components/card';
import { CheckIcon } from '../../components/icons';
import type { AlertsData } from './api';
import { integer } from './dashboard-format';

function Group({
  title,
  count,
  shown,
  children,
}: {
  title: string;
  count: number;
  shown: number;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-800">
        {title}
        <Badge tone="gray">{integer.format(count)}</Badge>
      </h3>
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">{children}</ul>
      {count > shown ? <p className="mt-1 text-xs text-slate-600">e mais {integer.format(count - shown)}</p> : null}
    </section>
  );
}

const overdueText = (days: number) => `${integer.format(days)} ${days === 1 ? 'dia vencida' : 'dias vencida'}`;

/** Overdue accounts, the most late first: who, how many days late and `side` (the amount). */
function OverdueGroup<T extends { id: string; daysOverdue: number }>({
  title,
  count,
  accounts,
  name,
  side,
}: {
  title: string;
  count: number;
  accounts: T[];
  name: (account: T) => string;
  side: (account: T) => ReactNode;
}) {
  return (
    <Group title={title} count={count} shown={accounts.length}>
      {accounts.map((a) => (
        <Row key={a.id} name={name(a)} detail={overdueText(a.daysOverdue)} side={side(a)} />
      ))}
    </Group>
  );
}

function Row({ name, detail, side }: { name: string; detail: string; side: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-3 px-3 py-2">
      <div className="min-w-0">
        <p className="break-words text-sm font-medium text-slate-900">{name}</p>
        <p className="text-xs text-slate-600">{detail}</p>
      </div>
      <div className="flex shrink-0 items-center gap-2 text-sm">{side}</div>
    </li>
  );
}

const brDate = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** The store's A1 certificate about to expire (or expired): notes stop without it. */
function CertificateGroup({ expiry }: { expiry: AlertsData['certificateExpiry'] }) {
  if (!expiry) return null;
  const days = expiry.days_left;
  const name =
    days < 0
      ? 'Certificado digital A1 vencido'
      : days === 0
        ? 'Certificado digital A1 vence hoje'
        : `Certificado digital A1 vence em ${integer.format(days)} ${days === 1 ? 'dia' : 'dias'}`;
  return (
    <Group title="Certificado Digital" count={1} shown={1}>
      <Row
        name={name}
        detail={`Validade até ${brDate(expiry.not_after)}: sem ele as NFC-e não são emitidas`}
        side={
          <Link to="/configuracoes" className="whitespace-nowrap font-medium text-blue-700 underline">
            Renovar
          </Link>
        }
      />
    </Group>
  );
}

/**
 * NFC-e SEFAZ rejected (the cashier was told the admin would see them here), and notes
 * replaced by a till's contingency note that stayed valid beside it (the note in doubt).
 */
function FiscalNotesGroup({ rejected, replaced }: { rejected: number; replaced: number }) {
  const count = rejected + replaced;
  const link = (label: string) => (
    <Link to="/notas-fiscais" className="whitespace-nowrap font-medium text-blue-700 underline">
      {label}
    </Link>
  );
  return (
    <Group title="Notas Fiscais" count={count} shown={count}>
      {rejected > 0 ? (
        <Row
          name={
            rejected === 1 ? '1 NFC-e rejeitada pela SEFAZ' : `${integer.format(rejected)} NFC-e rejeitadas pela SEFAZ`
          }
          detail="Veja o que corrigir e reenvie, ou inutilize o número"
          side={link('Resolver')}
        />
      ) : null}
      {replaced > 0 ? (
        <Row
          name={
            replaced === 1
              ? '1 venda com duas NFC-e autorizadas'
              : `${integer.format(replaced)} vendas com duas NFC-e autorizadas`
          }
          detail="A nota substituída pela de contingência não pôde ser cancelada: fale com o contador"
          side={link('Ver')}
        />
      ) : null}
    </Group>
  );
}

/** Notes issued in offline contingency still waiting for SEFAZ: they must reach it by the deadline. */
function ContingencyNotesGroup({ pending }: { pending: AlertsData['contingencyNotes'] }) {
  if (!pending) return null;
  const { count, deadline } = pending;
  const late = new Date(deadline).getTime() < Date.now();
  return (
    <Group title="Notas em Contingência" count={count} shown={count}>
      <Row
        name={
          count === 1
            ? '1 NFC-e em contingência aguarda a SEFAZ'
            : `${integer.format(count)} NFC-e em contingência aguardam a SEFAZ`
        }
        detail={`A mais antiga: ${deadlineText(deadline)}. O Balcão as envia sozinho assim que a SEFAZ responder.`}
        side={
          <>
            {late ? <Badge tone="red">Atrasada</Badge> : null}
            <Link to="/notas-fiscais" className="whitespace-nowrap font-medium text-blue-700 underline">
              Ver
            </Link>
          </>
        }
      />
    </Group>
  );
}

export function AlertsPanel({ alerts, isError }: { alerts: AlertsData | undefined; isError: boolean }) {
  const total = alerts
    ? alerts.counts.lowStock +
      alerts.counts.overdueReceivables +
      alerts.counts.overduePayables +
      alerts.saleConflicts +
      alerts.rejectedNotes +
      alerts.replacedNotes +
      (alerts.contingencyNotes?.count ?? 0) +
      (alerts.certificateExpiry ? 1 : 0)
    : 0;
  return (
    <Card>
      <CardHeader
        title="Alertas do Sistema"
        actions={alerts && total > 0 ? <Badge tone="red">{integer.format(total)}</Badge> : null}
      />
      <CardContent>
        {alerts ? (
          total === 0 ? (
            <div className="flex flex-col items-center gap-1 py-8 text-center">
              <CheckIcon className="h-8 w-8 text-green-700" />
              <p className="font-medium text-slate-900">Nenhum alerta ativo</p>
              <p className="text-sm text-slate-600">Tudo está funcionando normalmente!</p>
            </div>
          ) : (
            <div className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
              <Group title="Produtos com Estoque Baixo" count={alerts.counts.lowStock} shown={alerts.lowStock.length}>
                {alerts.lowStock.map((p) => (
                  <Row
                    key={p.id}
                    name={nameWithVariant(p.name, p)}
                    detail={`Estoque: ${p.currentStock} / Mínimo: ${p.minStock}`}
                    side={<Badge tone="yellow">Baixo</Badge>}
                  />
                ))}
              </Group>
              <OverdueGroup
                title="Contas a Receber Vencidas"
                count={alerts.counts.overdueReceivables}
                accounts={alerts.overdueReceivables}
                name={(r) => r.customer_name}
                side={(r) => (
                  <>
                    <span className="whitespace-nowrap font-medium text-slate-900">{formatBRL(r.amount)}</span>
                    <Badge tone="red">Vencida</Badge>
                  </>
                )}
              />
              <OverdueGroup
                title="Contas a Pagar Vencidas"
                count={alerts.counts.overduePayables}
                accounts={alerts.overduePayables}
                name={(p) => p.supplier_name}
                side={(p) => <span className="whitespace-nowrap font-medium text-red-700">{formatBRL(p.amount)}</span>}
              />
              <Group title="Conflitos de Vendas" count={alerts.saleConflicts} shown={alerts.saleConflicts}>
                <Row
                  name={
                    alerts.saleConflicts === 1
                      ? '1 conflito de venda para revisar'
                      : `${integer.format(alerts.saleConflicts)} conflitos de venda para revisar`
                  }
                  detail="Estoque, preço ou relógio diferentes do servidor"
                  side={
                    <Link to="/conflitos" className="whitespace-nowrap font-medium text-blue-700 underline">
                      Revisar
                    </Link>
                  }
                />
              </Group>
              <CertificateGroup expiry={alerts.certificateExpiry} />
              <FiscalNotesGroup rejected={alerts.rejectedNotes} replaced={alerts.replacedNotes} />
              <ContingencyNotesGroup pending={alerts.contingencyNotes} />
            </div>
          )
        ) : isError ? (
          <p role="alert" className="py-8 text-center text-sm text-red-700">
            Erro ao carregar alertas
          </p>
        ) : (
          <p role="status" className="py-8 text-center text-sm text-slate-600">
            Carregando alertas...
          </p>
        )}
      </CardContent>
    </Card>
  );
}
