import { describe, expect, it } from 'vitest';
import { contingencyDeadline, deadlineText, hoursLeft } from './contingency-deadline';

const issued = '2026-11-29T13:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('the deadline of a contingency note', () => {
  it('is the issue plus the store hours', () => {
    expect(contingencyDeadline(issued, 24).toISOString()).toBe('2026-11-30T13:00:00.000Z');
    expect(contingencyDeadline(new Date(issued), 1).toISOString()).toBe('2026-11-29T14:00:00.000Z');
  });

  it('counts whole hours down, and up once past', () => {
    const deadline = contingencyDeadline(issued, 24);
    expect(hoursLeft(deadline, at('2026-11-29T13:00:00.000Z'))).toBe(24);
    expect(hoursLeft(deadline, at('2026-11-30T07:59:59.000Z'))).toBe(5);
    expect(hoursLeft(deadline, at('2026-11-30T12:30:00.000Z'))).toBe(0);
    expect(hoursLeft(deadline, at('2026-11-30T13:00:01.000Z'))).toBe(-1);
    expect(hoursLeft(deadline, at('2026-11-30T15:00:00.000Z'))).toBe(-2);
  });

  it('says it in pt-BR', () => {
    const deadline = contingencyDeadline(issued, 24);
    expect(deadlineText(deadline, at('2026-11-30T07:59:59.000Z'))).toBe('vence em 5 horas');
    expect(deadlineText(deadline, at('2026-11-30T11:30:00.000Z'))).toBe('vence em 1 hora');
    expect(deadlineText(deadline, at('2026-11-30T12:30:00.000Z'))).toBe('vence em menos de 1 hora');
    expect(deadlineText(deadline, at('2026-11-30T13:30:00.000Z'))).toBe('prazo vencido há 1 hora');
    expect(deadlineText(deadline, at('2026-12-01T13:00:00.000Z'))).toBe('prazo vencido há 24 horas');
  });
});
