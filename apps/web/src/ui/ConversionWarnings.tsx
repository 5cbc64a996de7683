import { Badge, List, Popover } from '@mantine/core';
import type { SeriesConverter } from '@voxa/contracts';

export interface ConversionWarningsProps {
  /** What dcm2niix warned of when it converted a series; no warnings badge without any. */
  warnings: readonly string[] | undefined;
  /** The dcm2niix that converted it, named beside its warnings (outputs depend on its version). */
  converter?: SeriesConverter | undefined;
}

const BUILDS: Record<SeriesConverter['build'], string> = { native: 'native', wasm: 'WebAssembly' };

/** `dcm2niix v1.0.20241231 (WebAssembly)`: which converter made a series' outputs. */
export const converterLabel = (converter: SeriesConverter): string =>
  `dcm2niix ${converter.version ?? '(version unknown)'} (${BUILDS[converter.build]})`;

/**
 * A converted series' warnings: a yellow badge that lists them, so a doubtful output is never silent;
 * beside it, the converter and its version.
 */
export function ConversionWarnings({ warnings, converter }: ConversionWarningsProps) {
  const named = converter && (
    <Badge size="xs" variant="default" tt="none" data-testid="series-converter">
      {converterLabel(converter)}
    </Badge>
  );
  if (!warnings || warnings.length === 0) return named ?? null;
  const label = warnings.length === 1 ? '1 conversion warning' : `${warnings.length} conversion warnings`;
  return (
    <>
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
      {named}
    </>
  );
}
