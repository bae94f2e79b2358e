// The admins' line chart of balance, income and expenses per day (GET /chart). Recharts
// is imported here only, and this module is loaded lazily: cashiers (and the till)
// never download it.
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDayMonth } from '../../../shared/dates';
import { formatBRL, toReais } from '../../../shared/money';
import { Card, CardContent, CardHeader } from '../../components/card';
import { describeError } from '../../lib/api-error';
import { CHART_FALLBACK_ERROR, useCashFlowChart, type DayRange } from './api';

const compact = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  maximumFractionDigits: 1,
});

const LINES = [
  { key: 'balance', name: 'Saldo', color: '#1d4ed8' },
  { key: 'income', name: 'Entradas', color: '#15803d' },
  { key: 'expenses', name: 'Saídas', color: '#b91c1c' },
] as const;

export default function CashFlowChart({ range }: { range: DayRange }) {
  const chart = useCashFlowChart(range, true);
  return (
    <Card className="mb-6">
      <CardHeader title="Evolução do Caixa" />
      <CardContent>
        {chart.data ? (
          <div data-testid="cash-flow-chart" className="h-72 w-full">
            <LineChart responsive data={chart.data} style={{ width: '100%', height: '100%' }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="date" tickFormatter={formatDayMonth} fontSize={12} minTickGap={16} />
              <YAxis tickFormatter={(v: number) => compact.format(toReais(v))} fontSize={12} width={72} />
              <Tooltip
                labelFormatter={(label) => formatDayMonth(String(label))}
                formatter={(value) => formatBRL(Number(value))}
              />
              <Legend />
              {LINES.map((line) => (
                <Line
                  key={line.key}
                  type="linear"
                  dataKey={line.key}
                  name={line.name}
                  stroke={line.color}
                  strokeWidth={2}
                  dot={false}
                  // No drawing animation: it costs a tablet's CPU and shows nothing new.
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </div>
        ) : chart.isError ? (
          <p className="py-16 text-center text-sm text-red-700">
            Erro ao carregar dados: {describeError(chart.error, CHART_FALLBACK_ERROR)}
          </p>
        ) : (
          <p role="status" className="py-16 text-center text-sm text-slate-500">
            Carregando dados...
          </p>
        )}
      </CardContent>
    </Card>
  );
}
