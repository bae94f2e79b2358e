// A labelled figure of the Resumo and Lucratividade tabs.
import type { ReactNode } from 'react';
import { Card } from '../../components/card';
import { cn } from '../../components/cn';
import { formatPercent, marginTone, TONE_TEXT, type Tone } from './report-format';

export function Figure({
  label,
  value,
  tone,
  detail,
}: {
  label: string;
  value: string;
  tone?: Tone;
  detail?: ReactNode;
}) {
  return (
    <Card className="p-4 break-inside-avoid" role="group" aria-label={label}>
      <h3 className="text-sm font-medium text-slate-600">{label}</h3>
      <p
        data-testid="figure-value"
        className={cn(
          'mt-1 break-words text-xl font-bold tabular-nums tracking-tight',
          tone ? TONE_TEXT[tone] : 'text-slate-900',
        )}
      >
        {value}
      </p>
      {detail ? <p className="mt-1 text-xs text-slate-600">{detail}</p> : null}
    </Card>
  );
}

/** A margin as a figure: the percentage, coloured by how healthy it is. */
export function MarginFigure({ label, margin, detail }: { label: string; margin: number; detail?: ReactNode }) {
  return <Figure label={label} value={formatPercent(margin)} tone={marginTone(margin)} detail={detail} />;
}

/** The three margins of a result (gross, operating, net), in that order. */
export function ResultMargins({ gross, operating, net }: { gross: number; operating: number; net: number }) {
  return (
    <>
      <MarginFigure label="Margem Bruta" margin={gross} />
      <MarginFigure label="Margem Operacional" margin={operating} />
      <MarginFigure label="Margem Líquida" margin={net} />
    </>
  );
}

export function FigureGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">{children}</div>;
}

export function SectionTitle({ children }: { children: ReactNode }) {
  return <h2 className="mb-3 mt-6 text-base font-semibold text-slate-900 first:mt-0">{children}</h2>;
}
