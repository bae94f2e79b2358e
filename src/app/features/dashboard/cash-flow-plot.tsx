// The cash-flow plot (Recharts, loaded lazily): Receitas and Despesas as stacked areas,
// Saldo (the running balance) as a line, day/month along the bottom.
import { Area, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import {
  axisDay,
  axisMoney,
  CHART_COLORS,
  GRID,
  LINE,
  PLOT_STYLE,
  tooltipDay,
  tooltipMoney,
} from '../../lib/plot-format';
import type { CashFlowChartData } from './api';

const AREAS = [
  { key: 'income', name: 'Receitas' },
  { key: 'expenses', name: 'Despesas' },
] as const;

export default function CashFlowPlot({ data }: { data: CashFlowChartData }) {
  return (
    <div data-testid="dashboard-cash-flow-chart" className="h-72 w-full">
      <ComposedChart responsive data={data} style={PLOT_STYLE} margin={{ left: 0, right: 8 }}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="date" tickFormatter={axisDay} fontSize={12} minTickGap={24} />
        <YAxis tickFormatter={axisMoney} fontSize={12} width={72} />
        <Tooltip labelFormatter={tooltipDay} formatter={tooltipMoney} />
        <Legend />
        {AREAS.map(({ key, name }) => (
          <Area
            key={key}
            type="linear"
            dataKey={key}
            name={name}
            stackId="movements"
            stroke={CHART_COLORS[key]}
            fill={CHART_COLORS[key]}
            fillOpacity={0.25}
            isAnimationActive={false}
          />
        ))}
        <Line {...LINE} dataKey="balance" name="Saldo" stroke={CHART_COLORS.balance} />
      </ComposedChart>
    </div>
  );
}
