// A note issued in offline contingency must reach SEFAZ within the store's deadline
// (contingency_deadline_hours after its issue; the state's rule: by the end of the first
// business day after). Where it stands, in whole hours, and how the screens say it.
const HOUR_MS = 3_600_000;

/** When a contingency note issued at `issuedAt` must have reached SEFAZ. */
export function contingencyDeadline(issuedAt: Date | string, hours: number): Date {
  return new Date(new Date(issuedAt).getTime() + hours * HOUR_MS);
}

/** Whole hours left before `deadline` (rounded down); negative once it passed (rounded up). */
export function hoursLeft(deadline: Date | string, now: Date = new Date()): number {
  const ms = new Date(deadline).getTime() - now.getTime();
  return ms >= 0 ? Math.floor(ms / HOUR_MS) : -Math.ceil(-ms / HOUR_MS);
}

/** 'vence em 5 horas', 'vence em menos de 1 hora', 'prazo vencido há 2 horas'. */
export function deadlineText(deadline: Date | string, now: Date = new Date()): string {
  const left = new Date(deadline).getTime() - now.getTime();
  if (left < 0) {
    const late = -hoursLeft(deadline, now);
    return `prazo vencido há ${late} ${late === 1 ? 'hora' : 'horas'}`;
  }
  const hours = hoursLeft(deadline, now);
  if (hours < 1) return 'vence em menos de 1 hora';
  return `vence em ${hours} ${hours === 1 ? 'hora' : 'horas'}`;
}
