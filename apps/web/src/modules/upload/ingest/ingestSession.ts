import { UPLOAD_LIMITS } from '@voxa/contracts';
import {
  classifyAll,
  readGroups,
  studiesFromHeaders,
  type DicomEntry,
  type FileHeaderResult,
  type FileKind,
  type FileRef,
  type NiftiEntry,
  type UploadStudy,
  unsupportedReason,
} from '@voxa/imaging';
import type { PickedFile } from './collectFiles';
import type { ReadType } from './protocol';
import { throttled } from './throttle';
import type { IngestPool } from './workerPool';

export interface IngestedFile {
  ref: FileRef;
  kind: FileKind;
  /** Why the file gives no series: why it is unsupported, a read error or a grouping skip reason. */
  note?: string;
}

export interface IngestSnapshot {
  files: IngestedFile[];
  counts: Record<FileKind, number>;
  /** Readable (dcm, nii) files whose headers have been read, of all queued so far. */
  progress: { done: number; total: number };
  loading: boolean;
  studies: UploadStudy[];
}

export interface IngestSession {
  /** Classifies the files at once and queues the readable ones; tells how many are unsupported. */
  add(picked: PickedFile[]): { unsupported: number };
  /** The browser file behind a FileRef of the snapshot (series files included), to read pixels from. */
  fileOf(ref: FileRef): File | undefined;
  dispose(): void;
}

const NO_COUNTS: Record<FileKind, number> = { dcm: 0, nii: 0, compressed: 0, unsupported: 0, duplicate: 0 };

export function emptySnapshot(): IngestSnapshot {
  return {
    files: [],
    counts: { ...NO_COUNTS },
    progress: { done: 0, total: 0 },
    loading: false,
    studies: [],
  };
}

/**
 * The ingest of one upload: files are classified on the main thread (names and sizes only), read by the
 * pool 50 at a time, and grouped into studies when the queue is empty. `onChange` gets a fresh snapshot
 * at most every 200 ms while reading, and at once when reading ends, so the page never re-renders per file.
 */
export function createIngestSession(
  pool: IngestPool,
  onChange: (snapshot: IngestSnapshot) => void,
): IngestSession {
  const files: IngestedFile[] = [];
  const fileByRef = new Map<FileRef, File>();
  const dicom: DicomEntry[] = [];
  const nifti: NiftiEntry[] = [];
  const counts = { ...NO_COUNTS };
  let done = 0;
  let total = 0;
  let groupsInFlight = 0;
  let studies: UploadStudy[] = [];
  let disposed = false;

  const emit = () => {
    if (disposed) return;
    onChange({
      files: files.slice(),
      counts: { ...counts },
      progress: { done, total },
      loading: groupsInFlight > 0,
      studies,
    });
  };
  const update = throttled(emit);

  const regroup = () => {
    const grouped = studiesFromHeaders(dicom, nifti);
    studies = grouped.studies;
    const byRef = new Map(files.map((f) => [f.ref, f]));
    for (const { file, reason } of grouped.skipped) {
      const skipped = byRef.get(file);
      if (skipped) skipped.note = reason;
    }
  };

  /** A `.gz` taken for DICOM by its name that holds none (or is damaged) is counted unsupported instead. */
  const reclassify = (file: IngestedFile) => {
    counts[file.kind] -= 1;
    counts.unsupported += 1;
    file.kind = 'unsupported';
  };

  const apply = (group: IngestedFile[], results: FileHeaderResult[]) => {
    group.forEach((file, index) => {
      const result = results[index];
      if (!result) file.note = 'The file was not read';
      else if (!result.ok) {
        file.note = result.error;
        if (result.unsupported) reclassify(file);
      } else if (result.type === 'dcm') dicom.push({ file: file.ref, header: result.header });
      else nifti.push({ file: file.ref, header: result.header });
    });
  };

  const finishGroup = (group: IngestedFile[]) => {
    done += group.length;
    groupsInFlight -= 1;
    if (groupsInFlight > 0) return update.schedule();
    regroup();
    update.now();
  };

  const queue = (readable: IngestedFile[], picked: Map<IngestedFile, File>) => {
    for (const group of readGroups(readable)) {
      groupsInFlight += 1;
      total += group.length;
      const job = {
        files: group.map((f) => picked.get(f) as File),
        types: group.map((f) => (f.kind === 'nii' ? 'nii' : 'dcm') as ReadType),
        maxInflatedBytes: UPLOAD_LIMITS.defaultMaxFileBytes,
      };
      pool.read(job).then(
        (results) => {
          apply(group, results);
          finishGroup(group);
        },
        (error: unknown) => {
          group.forEach((f) => (f.note = error instanceof Error ? error.message : String(error)));
          finishGroup(group);
        },
      );
    }
  };

  return {
    add(pickedFiles) {
      const refs = pickedFiles.map(({ file, path }): FileRef => ({ name: file.name, size: file.size, path }));
      const kinds = classifyAll([...files.map((f) => f.ref), ...refs]).kinds.slice(files.length);
      const added = refs.map((ref, index): IngestedFile => {
        const kind = kinds[index] as FileKind;
        return kind === 'unsupported'
          ? { ref, kind, note: unsupportedReason(ref) ?? undefined }
          : { ref, kind };
      });
      const picked = new Map(added.map((f, index) => [f, (pickedFiles[index] as PickedFile).file]));
      for (const [f, file] of picked) fileByRef.set(f.ref, file);
      files.push(...added);
      added.forEach((f) => (counts[f.kind] += 1));
      queue(
        added.filter((f) => f.kind === 'dcm' || f.kind === 'nii'),
        picked,
      );
      update.now();
      return { unsupported: added.filter((f) => f.kind === 'unsupported').length };
    },
    fileOf: (ref) => fileByRef.get(ref),
    dispose() {
      disposed = true;
      update.cancel();
      pool.terminate();
    },
  };
}
