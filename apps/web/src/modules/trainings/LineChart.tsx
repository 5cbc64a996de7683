import { Group, Text } from '@mantine/core';
import { linePath, scaleFor, ticks, type ChartBox, type ChartSeries } from './chart';

const BOX: ChartBox = { width: 760, height: 280, left: 44, right: 16, top: 12, bottom: 40 };
const GRID = 'var(--mantine-color-gray-3)';
const INK = 'var(--mantine-color-dimmed)';

export interface LineChartProps {
  series: readonly ChartSeries[];
  /** The accessible name of the chart. */
  label: string;
  xTitle: string;
  /** Where the x axis ends at least (the epochs asked). */
  xTo?: number;
  /** How a series' last value reads in the legend. */
  format: (y: number) => string;
}

/**
 * A small SVG line chart of our own (no charting dependency): gridlines and round ticks on both axes, each
 * series as a line with a dot per point (one point shows too), and a legend with each series' last value.
 */
export function LineChart({ series, label, xTitle, xTo, format }: LineChartProps) {
  const scale = scaleFor(series, BOX, xTo);
  const bottom = BOX.height - BOX.bottom;
  return (
    <div>
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        width="100%"
        style={{ maxWidth: BOX.width, display: 'block' }}
        role="img"
        aria-label={label}
        data-testid="training-chart"
      >
        {ticks(0, scale.yMax, 5).map((v) => (
          <g key={`y${v}`}>
            <line x1={BOX.left} x2={BOX.width - BOX.right} y1={scale.y(v)} y2={scale.y(v)} stroke={GRID} />
            <text x={BOX.left - 6} y={scale.y(v) + 4} fontSize={11} textAnchor="end" fill={INK}>
              {v.toFixed(v < 10 && !Number.isInteger(v) ? 1 : 0)}
            </text>
          </g>
        ))}
        {ticks(1, scale.xMax, 8, true).map((v) => (
          <g key={`x${v}`}>
            <line x1={scale.x(v)} x2={scale.x(v)} y1={bottom} y2={bottom + 4} stroke={INK} />
            <text x={scale.x(v)} y={bottom + 16} fontSize={11} textAnchor="middle" fill={INK}>
              {v}
            </text>
          </g>
        ))}
        <line x1={BOX.left} x2={BOX.width - BOX.right} y1={bottom} y2={bottom} stroke={INK} />
        <line x1={BOX.left} x2={BOX.left} y1={BOX.top} y2={bottom} stroke={INK} />
        <text
          x={(BOX.left + BOX.width - BOX.right) / 2}
          y={BOX.height - 4}
          fontSize={12}
          textAnchor="middle"
          fill={INK}
        >
          {xTitle}
        </text>
        {series.map((s) => (
          <g key={s.name} data-testid="chart-series" data-series={s.name} data-points={s.points.length}>
            <path d={linePath(s.points, scale)} fill="none" stroke={s.color} strokeWidth={2} />
            {s.points.map((p) => (
              <circle key={p.x} cx={scale.x(p.x)} cy={scale.y(p.y)} r={3} fill={s.color} />
            ))}
          </g>
        ))}
      </svg>
      <Group gap="lg" mt={4} data-testid="chart-legend">
        {series.map((s) => {
          const last = s.points.at(-1);
          return (
            <Group key={s.name} gap={6} wrap="nowrap">
              <svg width={18} height={10} aria-hidden>
                <line x1={0} x2={18} y1={5} y2={5} stroke={s.color} strokeWidth={3} />
              </svg>
              <Text size="sm">{last ? `${s.name} ${format(last.y)}` : s.name}</Text>
            </Group>
          );
        })}
      </Group>
    </div>
  );
}
