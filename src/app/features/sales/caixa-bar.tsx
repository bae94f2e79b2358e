// The till session at the top of Nova Venda: with none open, 'Abrir Caixa' asks for the
// fundo de troco; with one open, who opened it and when, the float, and the actions
// Sangria, Suprimento and Fechar Caixa. Everything works offline (offline/caixa.ts).
import { useState, type RefObject } from 'react';
import { formatBRL } from '../../../shared/money';
import { useSession } from '../../auth/session-context';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FieldFrame } from '../../components/field';
import { MoneyInput } from '../../components/money-input';
import { toastError } from '../../components/toast-store';
import { lazyPart } from '../../components/lazy-part';
import { useCaixa, useCaixaActions } from '../../counter/caixa-hooks';

// Loaded when first opened: the till sells without them.
const CaixaCloseDialog = lazyPart(() => import('./caixa-close-dialog'), 'CaixaCloseDialog');
const CaixaMovementDialog = lazyPart(() => import('./caixa-movement-dialog'), 'CaixaMovementDialog');

const READING_TEXT = 'Verificando se o caixa deste dispositivo está aberto, para vender nele.';
const CLOSED_TEXT = 'Abra o caixa deste dispositivo para vender: as vendas ficam registradas nele.';

/**
 * `shown`, with `other` unseen in the same place: the paragraph fits either text, so it
 * does not move when they swap. The same element keeps its text node, so a browser counts
 * its first paint as the till's largest one, not the swap (the closed caixa's text waited
 * for the database: ~0.5 s of a phone's LCP).
 */
function SwappingText({ shown, other }: { shown: string; other: string }) {
  return (
    <p className="grid text-sm text-slate-600">
      <span className="col-start-1 row-start-1">{shown}</span>
      <span className="invisible col-start-1 row-start-1" aria-hidden="true">
        {other}
      </span>
    </p>
  );
}

const time = (iso: string) => new Date(iso).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });

/** `floatRef`: 'Fundo de troco'; `onOpened`: the caixa was just opened here. */
export function CaixaBar({
  floatRef,
  onOpened,
}: {
  floatRef?: RefObject<HTMLInputElement | null>;
  onOpened?: () => void;
}) {
  const session = useCaixa();
  const actions = useCaixaActions();
  const { user } = useSession();
  const [float, setFloat] = useState<number | null>(0);
  const [busy, setBusy] = useState(false);
  const [movement, setMovement] = useState<'sangria' | 'suprimento' | null>(null);
  const [closing, setClosing] = useState(false);
  // Until the device's storage answers, the card says it is reading the caixa: drawn at
  // once (the till's first paint does not wait for the database), never saying 'Caixa
  // fechado' before the database does, and the size of the closed caixa's card, so the
  // sale below does not move when it turns into it (a device starts with its caixa closed).
  const loading = session === undefined;
  if (loading || !session || session.status === 'closed') {
    const open = async () => {
      if (float === null || !user) return;
      setBusy(true);
      try {
        await actions.open(float, { id: user.id, name: user.name });
        setFloat(0);
        onOpened?.();
      } catch (error) {
        toastError('Erro ao abrir o caixa', (error as Error).message);
      } finally {
        setBusy(false);
      }
    };
    return (
      <>
        <Card
          className={loading ? 'mb-4 bg-slate-50' : 'mb-4 border-amber-300 bg-amber-50'}
          data-testid="caixa-gate"
          aria-hidden={loading || undefined}
        >
          <div className="flex flex-wrap items-end gap-3 px-5 py-4">
            <div className="min-w-0 flex-1 basis-56">
              <h2 className="text-base font-semibold text-slate-900">{loading ? 'Caixa' : 'Caixa fechado'}</h2>
              <SwappingText shown={loading ? READING_TEXT : CLOSED_TEXT} other={loading ? CLOSED_TEXT : READING_TEXT} />
            </div>
            {/* Unseen while reading: their place is kept, and nothing can be typed or pressed. */}
            <FieldFrame id="caixa-fundo" label="Fundo de troco" className={loading ? 'invisible w-40' : 'w-40'}>
              <MoneyInput id="caixa-fundo" ref={floatRef} value={float} onChange={(c) => setFloat(c)} />
            </FieldFrame>
            <Button
              className={loading ? 'invisible' : undefined}
              onClick={() => void open()}
              disabled={loading || busy || float === null}
            >
              Abrir Caixa
            </Button>
          </div>
        </Card>
        {session?.status === 'closed' ? (
          <CaixaCloseDialog session={session} onDone={() => void actions.dismiss()} />
        ) : null}
      </>
    );
  }

  return (
    <Card className="mb-4" data-testid="caixa-bar">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3">
        <p className="min-w-0 flex-1 basis-56 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">Caixa aberto</span> às {time(session.openedAt)} por{' '}
          {session.openedByName} · Fundo de troco {formatBRL(session.openingFloat)}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setMovement('sangria')}>
            Sangria
          </Button>
          <Button variant="outline" size="sm" onClick={() => setMovement('suprimento')}>
            Suprimento
          </Button>
          <Button size="sm" onClick={() => setClosing(true)}>
            Fechar Caixa
          </Button>
        </div>
      </div>
      {movement ? <CaixaMovementDialog kind={movement} onClose={() => setMovement(null)} /> : null}
      {closing ? <CaixaCloseDialog session={session} onDone={() => setClosing(false)} /> : null}
    </Card>
  );
}
