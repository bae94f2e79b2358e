// The admins' line chart of balance, income and expenses per day (GET /chart). Recharts
// is imported here only, and this module is loaded lazily: cashiers (and the till)
// never download it.
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader } from '../../components/card';
import { describeError } from '../../lib/api-error';
import { axisDay, axisMoney, GRID, LINE, PLOT_STYLE, tooltipMoney } from '../../lib/plot-format';
import { CHART_FALLBACK_ERROR, useCashFlowChart, type DayRange } from './api';

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
            <LineChart responsive data={chart.data} style={PLOT_STYLE}>
              <CartesianGrid {...GRID} />
              <XAxis dataKey="date" tickFormatter={axisDay} fontSize={12} minTickGap={16} />
              <YAxis tickFormatter={axisMoney} fontSize={12} width={72} />
              <Tooltip labelFormatter={axisDay} formatter={tooltipMoney} />
              <Legend />
              {LINES.map((line) => (
                <Line {...LINE} key={line.key} dataKey={line.key} name={line.name} stroke={line.color} />
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
