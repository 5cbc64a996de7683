import { ConversionWarnings } from '../../ui/ConversionWarnings';
import { Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import type { OrganizeSeries, StudyListItem } from '@voxa/contracts';
import { openAnnotator } from '../annotator/openAnnotator';
import { Slideshow } from '../studies/Slideshow';
import { MetaList } from './MetaList';
import { isOpenable, metaEntries, type MetaKeys } from './rules';
import { SeriesSegmentations } from './segmentations/SeriesSegmentations';
import { SeriesOrderButtons } from './SeriesOrderButtons';

export interface OrganizeSeriesCardProps {
  series: OrganizeSeries;
  studyUuid: string;
  first: boolean;
  last: boolean;
  /** The user may organize (r:studies:detail) and no change is on its way. */
  enabled: boolean;
  moveTargets: readonly StudyListItem[];
  onStep: (step: -1 | 1) => void;
  onReference: () => void;
  onMoveTo: (studyId: number) => void;
}

const SERIES_META: MetaKeys = [
  ['Description', 'seriesDescription'],
  ['Protocol', 'protocolName'],
  ['Slices', 'cnt'],
  ['Frames', 'numberOfFrames'],
  ['Rows', 'rows'],
  ['Columns', 'columns'],
];

/** One series: its slideshow, headers, reference toggle, place in its acquisition, move, Open, segmentations. */
export function OrganizeSeriesCard(props: OrganizeSeriesCardProps) {
  const { series, studyUuid, enabled, moveTargets } = props;
  const name = `Series ${series.series_number ?? '?'}`;
  const reference = series.ref_serie === true;
  return (
    <Paper
      withBorder
      p="sm"
      data-testid="organize-series"
      data-series-id={series.id}
      data-reference={reference}
      aria-label={name}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Slideshow frames={series.slideshow} size={96} label={name} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} size="sm" data-testid="organize-series-name">
              {name}
            </Text>
            <Badge size="xs" variant="light">
              {series.modality_code ?? '?'}
            </Badge>
            <Badge size="xs" variant="outline" data-testid="organize-series-status">
              {series.status}
            </Badge>
            <ConversionWarnings warnings={series.warnings} converter={series.converter} />
          </Group>
          <MetaList entries={metaEntries(series.data, SERIES_META)} testId="series-meta" />
          <Group gap="xs">
            <Button
              size="xs"
              variant={reference ? 'filled' : 'default'}
              aria-pressed={reference}
              disabled={!enabled}
              onClick={props.onReference}
            >
              Reference
            </Button>
            <SeriesOrderButtons
              name={name}
              first={props.first}
              last={props.last}
              disabled={!enabled}
              onStep={props.onStep}
            />
            {moveTargets.length > 0 && (
              <Select
                size="xs"
                w={200}
                aria-label={`Move ${name} to study`}
                placeholder="Move to study"
                disabled={!enabled}
                data={moveTargets.map((s) => ({ value: String(s.id), label: s.data.patientName }))}
                value={null}
                onChange={(value) => value && props.onMoveTo(Number(value))}
              />
            )}
            {isOpenable(series) && (
              <Button
                size="xs"
                variant="light"
                onClick={() =>
                  openAnnotator(studyUuid, {
                    caseUuid: series.uuid,
                    modality: series.modality_code,
                  })
                }
              >
                Open
              </Button>
            )}
          </Group>
          <SeriesSegmentations studyUuid={studyUuid} series={series} seriesName={name} />
        </Stack>
      </Group>
    </Paper>
  );
}
