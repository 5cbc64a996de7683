import { Group, Text } from '@mantine/core';
import { linePath, scaleFor, type ChartSeries } from './chart';

const WIDTH = 640;
const HEIGHT = 240;
const PAD = 28;

/** A small SVG line chart of our own (no charting dependency): the training curves per epoch. */
export function LineChart({ series, label }: { series: readonly ChartSeries[]; label: string }) {
  const scale = scaleFor(series, WIDTH, HEIGHT, PAD);
  return (
    <div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        style={{ maxWidth: WIDTH }}
        role="img"
        aria-label={label}
        data-testid="training-chart"
      >
        <line
          x1={PAD}
          y1={HEIGHT - PAD}
          x2={WIDTH - PAD}
          y2={HEIGHT - PAD}
          stroke="currentColor"
          opacity={0.4}
        />
        <line x1={PAD} y1={PAD} x2={PAD} y2={HEIGHT - PAD} stroke="currentColor" opacity={0.4} />
        <text x={PAD - 4} y={PAD + 4} fontSize={11} textAnchor="end" fill="currentColor">
          {scale.yMax.toFixed(1)}
        </text>
        <text x={PAD - 4} y={HEIGHT - PAD} fontSize={11} textAnchor="end" fill="currentColor">
          0
        </text>
        <text x={WIDTH - PAD} y={HEIGHT - PAD + 16} fontSize={11} textAnchor="end" fill="currentColor">
          {`epoch ${scale.xMax}`}
        </text>
        {series.map((s) => (
          <path
            key={s.name}
            d={linePath(s.points, scale)}
            fill="none"
            stroke={s.color}
            strokeWidth={2}
            data-series={s.name}
            data-points={s.points.length}
          />
        ))}
      </svg>
      <Group gap="md">
        {series.map((s) => (
          <Text key={s.name} size="sm" c={s.color}>
            {`— ${s.name}`}
          </Text>
        ))}
      </Group>
    </div>
  );
}
