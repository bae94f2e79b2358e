// A summary card of the finance screens: a title, a big figure and an optional line under it.
import type { ReactNode } from 'react';
import { Card } from './card';
import { cn } from './cn';

interface StatCardProps {
  title: string;
  value: ReactNode;
  detail?: ReactNode;
  /** colour of the figure */
  tone?: 'default' | 'green' | 'red' | 'blue' | 'yellow';
  icon?: ReactNode;
}

const TONES = {
  default: 'text-slate-900',
  green: 'text-green-700',
  red: 'text-red-700',
  blue: 'text-blue-700',
  yellow: 'text-yellow-700',
};

export function StatCard({ title, value, detail, tone = 'default', icon }: StatCardProps) {
  return (
    <Card className="p-4 sm:p-5" role="group" aria-label={title}>
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm font-medium text-slate-600">{title}</h2>
        {icon ? <span className="text-slate-400">{icon}</span> : null}
      </div>
      <p
        data-testid="stat-value"
        className={cn('mt-2 break-words text-xl font-bold tracking-tight sm:text-2xl', TONES[tone])}
      >
        {value}
      </p>
      {detail ? <p className="mt-1 text-xs text-slate-500">{detail}</p> : null}
    </Card>
  );
}

/** Three cards: stacked on phones, side by side from tablets. Four: two by two up to desktops. */
export function StatGrid({ columns, children }: { columns: 3 | 4; children: ReactNode }) {
  return (
    <div
      className={cn('mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2', columns === 3 ? 'lg:grid-cols-3' : 'lg:grid-cols-4')}
    >
      {children}
    </div>
  );
}
