import { Stack, Text } from '@mantine/core';
import { currentTeamSlug, teamOriginOf } from '../../lib/host';
import { PageHeader } from '../../ui/PageHeader';
import { CStoreSettingsCard } from './CStoreSettingsCard';
import { DicomwebSettingsCard } from './DicomwebSettingsCard';

/** /team/dicom: how hospital systems reach the team, by DICOMweb and by DICOM C-STORE (r:team). */
export function DicomConnectivityPage() {
  // The route needs a team, so the page is on the team's sub-domain.
  const slug = currentTeamSlug() ?? '';
  return (
    <Stack gap="xl">
      <PageHeader title="DICOM connectivity" />
      <Text c="dimmed" size="sm">
        How a PACS, a modality or a viewer exchanges studies with this team. Changes are saved at once.
      </Text>
      <DicomwebSettingsCard baseUrl={`${teamOriginOf(slug)}/dicom-web`} />
      <CStoreSettingsCard />
    </Stack>
  );
}
