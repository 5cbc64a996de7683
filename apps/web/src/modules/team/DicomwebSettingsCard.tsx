import { Switch, Text } from '@mantine/core';
import { formMessage } from '../../lib/formErrors';
import { CopyableCode } from '../../ui/CopyableCode';
import { DataState } from '../../ui/DataState';
import { DetailField } from '../../ui/DetailField';
import { FormAlert } from '../../ui/FormAlert';
import { notifySuccess } from '../../ui/notify';
import { SectionCard } from '../../ui/SectionCard';
import { useChangeDicomwebSettings, useDicomwebSettings } from './useDicomSettingsApi';

export interface DicomwebSettingsCardProps {
  /** `{team origin}/dicom-web`, where the team serves DICOMweb (decision 0066). */
  baseUrl: string;
}

/** The team's DICOMweb address and whether what arrives is anonymised (GET/PUT /api/team/dicomweb). */
export function DicomwebSettingsCard({ baseUrl }: DicomwebSettingsCardProps) {
  const settings = useDicomwebSettings();
  const change = useChangeDicomwebSettings();
  return (
    <SectionCard title="DICOMweb">
      <Text size="sm">
        A PACS, Orthanc, OHIF or 3D Slicer finds, retrieves and stores this team’s studies here (QIDO-RS,
        WADO-RS, STOW-RS) with an API user’s token, sent as a Bearer token or as the password of HTTP Basic.
        Reading needs the API user’s role to grant Studies, storing Upload.
      </Text>
      <DetailField label="Base URL">
        <CopyableCode value={baseUrl} testId="dicomweb-base-url" label="base URL" />
      </DetailField>
      {settings.data ? (
        <Switch
          label="Anonymize what arrives"
          description="On: every study stored by STOW-RS or DICOM C-STORE is de-identified as the upload page’s ‘Anonymize all’ does (the team’s pseudonym for the patient, the team’s own UIDs), and what DICOMweb serves of such a study is that anonymized data, never the original. Off: studies are kept as they were sent."
          checked={settings.data.anonymize}
          disabled={change.isPending}
          onChange={(event) =>
            change.mutate(event.currentTarget.checked, {
              onSuccess: (saved) =>
                notifySuccess(
                  saved.anonymize ? 'Arriving studies are anonymized' : 'Arriving studies are kept as sent',
                ),
            })
          }
        />
      ) : (
        <DataState error={settings.error} />
      )}
      <FormAlert message={formMessage(change.error)} />
    </SectionCard>
  );
}
