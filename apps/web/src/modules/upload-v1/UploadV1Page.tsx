import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  bodyPartFromFile,
  isRepeatedInstanceReason,
  NO_SELECTED_SERIE,
  sliceSpacingWarning,
  STUDY_EXISTS_WARNING,
  v1FileKind,
  v1ProcessingProblem,
  v1SeriesCheckable,
  v1StartDisabled,
  v1StartsChecked,
  V1_RESULT_TEXT,
  type UploadStudy,
  type V1Result,
  type V1UploadState,
} from '@voxa/imaging';
import { useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useCategories } from '../structures/useStructuresApi';
import { DropZone } from '../upload/DropZone';
import { SkippedFiles } from '../upload/SkippedFiles';
import type { SkippedFile } from '../upload/transfer';
import type { PickedFile } from '../upload/ingest/collectFiles';
import { pickedFromInput } from '../upload/ingest/collectFiles';
import { useIngest } from '../upload/useIngest';
import { useStudyExists } from '../upload/useUploadApi';
import { runBatchUpload } from './runBatchUpload';
import { SeriesDrawer } from './SeriesDrawer';

function ExistsWarning({ uid }: { uid: string | null }) {
  const exists = useStudyExists(uid);
  return exists.data ? (
    <Text size="sm" c="orange">
      {STUDY_EXISTS_WARNING}
    </Text>
  ) : null;
}

interface StudyRowProps {
  study: UploadStudy;
  bodyPart: string | null;
  categories: { slug: string; title: string }[];
  checked: (series: UploadStudy['series'][number]) => boolean;
  onBodyPart: (slug: string | null) => void;
  onCheck: (seriesId: string, value: boolean) => void;
  onDetails: (series: UploadStudy['series'][number]) => void;
  locked: boolean;
}

/** One study of the batch: its body part and its series with their checkboxes. */
function StudyRow(props: StudyRowProps) {
  const { study, bodyPart, categories, checked, onBodyPart, onCheck, onDetails, locked } = props;
  return (
    <Paper withBorder p="md" data-testid="v1-study">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={600}>{study.patientName}</Text>
          <Text size="sm" c="dimmed">
            {study.modality} · {study.studyDate ?? 'no date'} · {study.series.length} series
          </Text>
          <ExistsWarning uid={study.studyInstanceUid} />
        </Stack>
        <Select
          aria-label="Body part"
          placeholder="Body part"
          data={categories.map((c) => ({ value: c.slug, label: c.title }))}
          value={bodyPart}
          onChange={onBodyPart}
          clearable
          disabled={locked}
          w={220}
        />
      </Group>
      <Table mt="sm">
        <Table.Tbody>
          {study.series.map((s) => {
            const warning = sliceSpacingWarning(s);
            return (
              <Table.Tr key={s.id}>
                <Table.Td w={40}>
                  <Checkbox
                    aria-label={`Series ${s.seriesNumber ?? '?'}`}
                    checked={checked(s)}
                    disabled={locked || !v1SeriesCheckable(s)}
                    onChange={(e) => onCheck(s.id, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  {s.seriesNumber ?? '?'} {s.seriesDescription ?? ''}
                </Table.Td>
                <Table.Td>{s.modalityCode}</Table.Td>
                <Table.Td>{Math.max(s.cnt, s.numberOfFrames)} images</Table.Td>
                <Table.Td>
                  {warning && (
                    <Text size="xs" c="orange">
                      {warning}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td w={90}>
                  <Button size="compact-xs" variant="subtle" onClick={() => onDetails(s)}>
                    Details
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** /upload: the V1 batch upload (upload-and-organize.md 2 V1 upload screen, 4, 5 V1). */
export function UploadV1Page() {
  const { snapshot, add, fileOf } = useIngest();
  const categories = useCategories().data ?? [];
  const [bodyParts, setBodyParts] = useState<Record<string, string | null>>({});
  const [checks, setChecks] = useState<Record<string, boolean>>({});
  const [state, setState] = useState<V1UploadState>('ready');
  const [result, setResult] = useState<V1Result | null>(null);
  const [ignored, setIgnored] = useState(0);
  const [archives, setArchives] = useState<File[]>([]);
  const [skipped, setSkipped] = useState<readonly SkippedFile[]>([]);
  const [details, setDetails] = useState<UploadStudy['series'][number] | null>(null);
  const more = useRef<HTMLInputElement>(null);

  const onFiles = (picked: PickedFile[]) => {
    const kept = picked.filter((p) => v1FileKind(p.path) === 'dcm');
    const packed = picked.filter((p) => v1FileKind(p.path) === 'archive').map((p) => p.file);
    setIgnored((n) => n + picked.length - kept.length - packed.length);
    setArchives((list) => [...list, ...packed]);
    add(kept);
  };
  const studies = snapshot.studies;
  const bodyPartOf = (study: UploadStudy) => {
    if (study.id in bodyParts) return bodyParts[study.id] ?? null;
    const fromFile = study.series.map((s) => s.recognition?.bodyPart ?? null).find((b) => b);
    return bodyPartFromFile(fromFile ?? null, categories);
  };
  const isChecked = (s: UploadStudy['series'][number]) => checks[s.id] ?? v1StartsChecked(s);
  // Files read but left out of every series: each counts as failed, except a repeated instance (ignored).
  const unreadable = useMemo(() => {
    const inSeries = new Set(studies.flatMap((st) => st.series.flatMap((s) => s.files)));
    return snapshot.files.filter(
      (f) => f.kind === 'dcm' && f.note && !inSeries.has(f.ref) && !isRepeatedInstanceReason(f.note),
    );
  }, [snapshot.files, studies]);
  const choices = studies.map((study) => ({
    study,
    bodyPart: bodyPartOf(study),
    series: study.series.map((s) => ({ checked: isChecked(s) })),
  }));
  const locked = state !== 'ready';

  const start = async () => {
    // Archives are read on the server: their studies need no choice here.
    const problem =
      archives.length > 0 && choices.length === 0 ? null : v1ProcessingProblem(choices, categories);
    if (problem) {
      notifications.show({ color: 'red', message: problem });
      if (problem === 'Nothing selected') window.alert(NO_SELECTED_SERIE);
      return;
    }
    try {
      const kind = await runBatchUpload({
        studies: choices
          .filter((c) => c.series.some((s) => s.checked))
          .map((c) => ({
            study: c.study,
            bodyPart: c.bodyPart,
            checked: new Set(c.study.series.filter(isChecked).map((s) => s.id)),
          })),
        archives,
        categories,
        fileOf,
        unreadable: unreadable.length,
        onState: setState,
        onSkipped: setSkipped,
      });
      setResult(kind);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
      setResult('oops');
      setState('done');
    }
  };

  const empty = snapshot.files.length === 0 && ignored === 0 && archives.length === 0;
  const startDisabled = choices.length === 0 ? archives.length === 0 : v1StartDisabled(choices);
  return (
    <Stack
      maw={1260}
      data-testid="upload-v1"
      data-reading={snapshot.loading || snapshot.progress.done < snapshot.progress.total}
    >
      <Title order={2}>Upload</Title>
      {empty ? (
        <>
          <DropZone onFiles={onFiles} />
          <Text c="dimmed" ta="center">
            Your list is empty
          </Text>
        </>
      ) : (
        <>
          <Group>
            <Button variant="default" disabled={locked} onClick={() => more.current?.click()}>
              Add more files
            </Button>
            <input
              ref={more}
              type="file"
              multiple
              hidden
              data-testid="more-files-input"
              onChange={(e) => {
                if (e.currentTarget.files) onFiles(pickedFromInput(e.currentTarget.files));
                e.currentTarget.value = '';
              }}
            />
            {snapshot.progress.total > 0 && (
              <Badge variant="light">
                {snapshot.progress.done}/{snapshot.progress.total} files read
              </Badge>
            )}
            {ignored > 0 && <Badge color="gray">{ignored} ignored</Badge>}
            <Badge data-testid="v1-state">{state}</Badge>
          </Group>
          {unreadable.map((f) => (
            <Text key={f.ref.path ?? f.ref.name} size="sm" c="red">
              {f.note}
            </Text>
          ))}
          {archives.map((file) => (
            <Paper key={`${file.name}-${file.size}`} withBorder p="sm" data-testid="v1-archive">
              <Text size="sm">{file.name} — inflated and read on the server after the upload</Text>
            </Paper>
          ))}
          <SkippedFiles skipped={skipped} />
          {choices.map((c) => (
            <StudyRow
              key={c.study.id}
              study={c.study}
              bodyPart={c.bodyPart}
              categories={categories}
              checked={isChecked}
              onBodyPart={(slug) => setBodyParts((b) => ({ ...b, [c.study.id]: slug }))}
              onCheck={(id, value) => setChecks((x) => ({ ...x, [id]: value }))}
              onDetails={setDetails}
              locked={locked}
            />
          ))}
          <Paper withBorder p="sm" pos="sticky" bottom={0} style={{ zIndex: 1 }} data-testid="v1-dock">
            {result ? (
              <Alert
                data-testid="v1-result"
                color={result === 'done' ? 'green' : result === 'warning' ? 'orange' : 'red'}
                title={V1_RESULT_TEXT[result].title}
              >
                {V1_RESULT_TEXT[result].message}
              </Alert>
            ) : (
              <Group>
                <Button
                  disabled={locked || snapshot.loading || startDisabled}
                  loading={locked}
                  onClick={() => void start()}
                >
                  Start upload files
                </Button>
              </Group>
            )}
          </Paper>
        </>
      )}
      <SeriesDrawer series={details} fileOf={fileOf} onClose={() => setDetails(null)} />
    </Stack>
  );
}
