import { Badge, List, Popover } from '@mantine/core';

export interface ConversionWarningsProps {
  /** What dcm2niix warned of when it converted a series; nothing is shown without any. */
  warnings: readonly string[] | undefined;
}

/** A converted series' warnings: a yellow badge that lists them, so a doubtful output is never silent. */
export function ConversionWarnings({ warnings }: ConversionWarningsProps) {
  if (!warnings || warnings.length === 0) return null;
  const label = warnings.length === 1 ? '1 conversion warning' : `${warnings.length} conversion warnings`;
  return (
    <Popover width={320} position="bottom" withArrow shadow="md">
      <Popover.Target>
        <Badge
          size="xs"
          color="yellow"
          variant="filled"
          component="button"
          title={warnings.join('\n')}
          data-testid="series-warnings"
          style={{ cursor: 'pointer' }}
        >
          {label}
        </Badge>
      </Popover.Target>
      <Popover.Dropdown>
        <List size="xs" spacing={4}>
          {warnings.map((warning) => (
            <List.Item key={warning}>{warning}</List.Item>
          ))}
        </List>
      </Popover.Dropdown>
    </Popover>
  );
}
