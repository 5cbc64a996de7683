import { Anchor, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { DataState } from '../../ui/DataState';
import { SEGMENTATIONS_PATH } from './paths';
import { SegmentsView } from './SegmentsView';
import { useSegmentation } from './useSegmentationsApi';

/** /segments/:list (`:list` is the segmentation's id, docs/decisions/0034): its segments, deleted ones too. */
export function SegmentsPage() {
  const { list = '' } = useParams();
  const id = /^\d{1,9}$/.test(list) && Number(list) > 0 ? Number(list) : null;
  const segmentation = useSegmentation(id);
  if (id === null)
    return (
      <Text>
        Choose a segmentation in the{' '}
        <Anchor component={Link} to={SEGMENTATIONS_PATH}>
          list of segmentations
        </Anchor>
        .
      </Text>
    );
  if (!segmentation.data) return <DataState error={segmentation.error} />;
  return <SegmentsView segmentation={segmentation.data} />;
}
