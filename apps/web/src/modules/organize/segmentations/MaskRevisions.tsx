import { Badge, Button, Drawer, Group, Loader, Table, Text } from '@mantine/core';
import { RIGHT_PANEL_WIDTH, type Segmentation } from '@voxa/contracts';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { ConfirmButton } from '../../../ui/ConfirmButton';
import { revisionRows } from './maskRules';
import { useDownloadRevision, useMaskRevisions, useRestoreRevision } from './useMaskApi';

export interface MaskRevisionsProps {
  studyUuid: string;
  segmentation: Segmentation;
  opened: boolean;
  onClose: () => void;
}

/**
 * The kept revisions of a segmentation's mask, newest first, the current one marked: each can be
 * downloaded as NIfTI or exported as a DICOM SEG (readers too) and, for those who may change the mask, restored as a new revision.
 */
export function MaskRevisions({ studyUuid, segmentation: s, opened, onClose }: MaskRevisionsProps) {
  const revisions = useMaskRevisions(s, opened);
  const restore = useRestoreRevision(studyUuid);
  const download = useDownloadRevision();
  const rows = revisionRows(revisions.data ?? [], s.mask_revision);
  const busy = (action: { isPending: boolean; variables?: { revision: number } }, revision: number) =>
    action.isPending && action.variables?.revision === revision;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={RIGHT_PANEL_WIDTH}
      title={`Revisions of ${s.structure.title}`}
    >
      {revisions.isError ? (
        <Text c="red" role="alert">
          {errorMessage(revisions.error)}
        </Text>
      ) : !revisions.data ? (
        <Loader size="sm" aria-label="Loading revisions" />
      ) : (
        <Table verticalSpacing={4} data-testid="mask-revisions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Revision</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Author</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr
                key={r.revision}
                data-testid="mask-revision"
                data-revision={r.revision}
                data-reason={r.reason}
                data-current={r.current}
              >
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm">{r.revision}</Text>
                    {r.current && (
                      <Badge size="xs" color="green" variant="light">
                        current
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{r.reasonText}</Table.Td>
                <Table.Td>{r.created_by_name ?? 'Unknown author'}</Table.Td>
                <Table.Td>{formatDate(r.created_at)}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="light"
                      aria-label={`Download revision ${r.revision}`}
                      loading={busy(download, r.revision) && download.variables?.format === 'nifti'}
                      onClick={() =>
                        download.mutate({ segmentation: s, revision: r.revision, format: 'nifti' })
                      }
                    >
                      Download
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="light"
                      aria-label={`Export revision ${r.revision} as DICOM SEG`}
                      loading={busy(download, r.revision) && download.variables?.format === 'seg'}
                      onClick={() =>
                        download.mutate({ segmentation: s, revision: r.revision, format: 'seg' })
                      }
                    >
                      Export DICOM SEG
                    </Button>
                    {s.can.edit && !r.current && (
                      <ConfirmButton
                        size="compact-xs"
                        color="blue"
                        variant="light"
                        label="Restore"
                        ariaLabel={`Restore revision ${r.revision}`}
                        question={`Restore revision ${r.revision} of ${s.structure.title}? It becomes the newest revision; the others are kept.`}
                        loading={busy(restore, r.revision)}
                        onConfirm={() => restore.mutate({ segmentation: s, revision: r.revision })}
                      />
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Drawer>
  );
}
