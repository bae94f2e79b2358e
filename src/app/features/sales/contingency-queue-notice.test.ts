// The line at Nova Venda about the notes this till issued in contingency and still holds:
// how many, the oldest's deadline, and from six hours before it a call to connect the till.
import { describe, expect, it } from 'vitest';
import { contingencyQueueText } from './contingency-queue-notice';

const now = new Date('2026-11-30T12:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000);

describe('contingencyQueueText', () => {
  it('says how many wait and when the oldest is due; near the deadline, to connect the till', () => {
    expect(contingencyQueueText(1, inHours(20.5), now)).toBe(
      'Contingência: 1 nota emitida neste caixa aguarda envio à SEFAZ (vence em 20 horas).',
    );
    expect(contingencyQueueText(3, inHours(20.5), now)).toBe(
      'Contingência: 3 notas emitidas neste caixa aguardam envio à SEFAZ (a mais antiga vence em 20 horas).',
    );
    expect(contingencyQueueText(2, inHours(5.9), now)).toBe(
      'Contingência: 2 notas emitidas neste caixa aguardam envio à SEFAZ (a mais antiga vence em 5 horas). Conecte o caixa à internet para enviá-las antes do prazo.',
    );
    expect(contingencyQueueText(1, inHours(0.5), now)).toBe(
      'Contingência: 1 nota emitida neste caixa aguarda envio à SEFAZ (vence em menos de 1 hora). Conecte o caixa à internet para enviá-la antes do prazo.',
    );
  });

  it('once the deadline passed, to connect the till and tell the admin', () => {
    expect(contingencyQueueText(2, inHours(-2), now)).toBe(
      'Contingência: 2 notas emitidas neste caixa aguardam envio à SEFAZ (a mais antiga com prazo vencido há 2 horas). Conecte o caixa à internet e avise o administrador.',
    );
    expect(contingencyQueueText(1, inHours(-1), now)).toBe(
      'Contingência: 1 nota emitida neste caixa aguarda envio à SEFAZ (prazo vencido há 1 hora). Conecte o caixa à internet e avise o administrador.',
    );
  });
});
