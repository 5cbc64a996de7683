import { Anchor, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { DataState } from '../../ui/DataState';
import { STUDIES_PATH } from '../studies/paths';
import { OrganizeStudyView } from './OrganizeStudyView';
import { useOrganizeStudy } from './useOrganizeApi';

/** /serie/organize/:uuid? (r:studies:detail): one study's organize panel. */
export function OrganizePage() {
  const { uuid = '' } = useParams();
  const organize = useOrganizeStudy(uuid);
  if (!uuid)
    return (
      <Text>
        Choose a study in the{' '}
        <Anchor component={Link} to={STUDIES_PATH}>
          studies list
        </Anchor>
        .
      </Text>
    );
  if (!organize.data) return <DataState error={organize.error} />;
  return <OrganizeStudyView study={organize.data.study} series={organize.data.series} />;
}
