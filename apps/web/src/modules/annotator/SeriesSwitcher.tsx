import { Badge, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import type { CaseSeries } from '@voxa/contracts';

export interface SeriesSwitcherProps {
  series: CaseSeries[];
  selected: string;
  onSelect: (uuid: string) => void;
}

export const seriesTitle = (s: CaseSeries): string =>
  [s.series_number !== null ? `#${s.series_number}` : null, s.description ?? s.acquisition_code ?? 'Series']
    .filter(Boolean)
    .join(' ');

/** The study's converted series, reference first; the chosen one is shown in the viewer. */
export function SeriesSwitcher({ series, selected, onSelect }: SeriesSwitcherProps) {
  return (
    <Stack gap={4} miw={0} mb="sm">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="xs">
        Series
      </Text>
      <ScrollArea.Autosize mah={240} type="auto" offsetScrollbars>
        <nav aria-label="Series">
          {series.map((s) => (
            <NavLink
              key={s.uuid}
              component="button"
              data-series-uuid={s.uuid}
              active={s.uuid === selected}
              aria-current={s.uuid === selected ? 'true' : undefined}
              onClick={() => onSelect(s.uuid)}
              label={seriesTitle(s)}
              description={
                <Group gap={4} component="span">
                  {s.ref_serie && (
                    <Badge size="xs" variant="light" color="teal" component="span">
                      Reference
                    </Badge>
                  )}
                  <Text span size="xs" c="dimmed">
                    {[s.modality_code, s.volumes > 1 ? `${s.volumes} volumes` : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Group>
              }
            />
          ))}
        </nav>
      </ScrollArea.Autosize>
    </Stack>
  );
}
