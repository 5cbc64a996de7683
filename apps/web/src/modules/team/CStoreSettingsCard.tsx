import { Alert, Text } from '@mantine/core';
import { formMessage } from '../../lib/formErrors';
import { CopyableCode } from '../../ui/CopyableCode';
import { DataState } from '../../ui/DataState';
import { DetailField } from '../../ui/DetailField';
import { FormAlert } from '../../ui/FormAlert';
import { notifySuccess } from '../../ui/notify';
import { SectionCard } from '../../ui/SectionCard';
import { CallingAeTitlesEditor } from './CallingAeTitlesEditor';
import { MoveDestinationsEditor } from './MoveDestinationsEditor';
import { useChangeCallingAeTitles, useChangeMoveDestinations, useDimseSettings } from './useDicomSettingsApi';

/** The team's side of the C-STORE and Query/Retrieve SCP (GET/PUT /api/team/dimse, decisions 0068, 0090). */
export function CStoreSettingsCard() {
  const settings = useDimseSettings();
  const change = useChangeCallingAeTitles();
  const changeDestinations = useChangeMoveDestinations();
  return (
    <SectionCard title="DICOM C-STORE">
      <Text size="sm">
        A modality or PACS sends studies to this team by calling its AE title on the server’s DICOM port. They
        are stored, anonymized as set above and converted as an upload is. A workstation searches the team’s
        studies by C-FIND and pulls them by C-GET, or by C-MOVE to a destination listed below.
      </Text>
      {settings.data ? (
        <>
          <DetailField label="AE title">
            <CopyableCode value={settings.data.aeTitle} testId="c-store-ae-title" label="AE title" />
          </DetailField>
          <DetailField label="Port">
            {settings.data.port === null ? (
              <Text size="sm" data-testid="c-store-port">
                Off: this server runs no DICOM port (DIMSE_PORT is not set), so nothing can be sent by
                C-STORE.
              </Text>
            ) : (
              <CopyableCode value={String(settings.data.port)} testId="c-store-port" label="port" />
            )}
          </DetailField>
          <CallingAeTitlesEditor
            titles={settings.data.callingAeTitles}
            saving={change.isPending}
            onSave={(titles) =>
              change.mutateAsync(titles).then(() => notifySuccess('Calling AE titles have been saved'))
            }
          />
          <MoveDestinationsEditor
            destinations={settings.data.moveDestinations}
            saving={changeDestinations.isPending}
            onSave={(moveDestinations) =>
              changeDestinations
                .mutateAsync({ callingAeTitles: settings.data?.callingAeTitles ?? [], moveDestinations })
                .then(() => notifySuccess('C-MOVE destinations have been saved'))
            }
          />
          <Alert color="gray" variant="light">
            An AE title is no password: anyone on the network can claim one. The DICOM port belongs behind the
            site’s firewall or VPN.
          </Alert>
        </>
      ) : (
        <DataState error={settings.error} />
      )}
      <FormAlert message={formMessage(change.error ?? changeDestinations.error)} />
    </SectionCard>
  );
}
