import type { SeriesConverter, StoredStudy } from '@voxa/contracts';
import type { FileRef } from '@voxa/imaging';
import { createContext, useContext, type Dispatch } from 'react';
import type { PickedFile } from './ingest/collectFiles';
import type { IngestSnapshot } from './ingest/ingestSession';
import type { SeriesStatus, UploadPageState } from './state/model';
import type { UploadPlan } from './state/process';
import type { UploadAction } from './state/reducer';
import type { ArchiveStatus } from './useArchiveStage';

/** What the transfer reports back while it uploads and converts the plan. */
export interface UploadProgress {
  /** The series' status, with what dcm2niix warned of when it converted it and which dcm2niix it was. */
  seriesStatus(
    seriesId: string,
    status: SeriesStatus,
    warnings?: string[],
    converter?: SeriesConverter,
  ): void;
  /** The study is stored under this patient name (the pseudonym when anonymised), with these ids. */
  studyStored(studyId: string, patientName: string, stored: StoredStudy): void;
  converting(): void;
  finished(): void;
}

/** The seam to the transfer: called once Process has passed its validations and the state is upload. */
export type UploadProcessor = (plan: UploadPlan, progress: UploadProgress) => void;

export interface UploadContextValue {
  snapshot: IngestSnapshot;
  add: (picked: PickedFile[]) => void;
  fileOf: (ref: FileRef) => File | undefined;
  page: UploadPageState;
  dispatch: Dispatch<UploadAction>;
  /** Moves to upload and hands the plan to the processor. */
  startUpload: (plan: UploadPlan) => void;
  /** Finished back to an empty ready (the close button). */
  clear: () => void;
  /** Progress of the archive states (zip_uploading, zip_preview_processing). */
  archives: ArchiveStatus;
}

export const UploadContext = createContext<UploadContextValue | null>(null);

/** The upload of the app layout; it outlives the /upload-v2 route. */
export function useUpload(): UploadContextValue {
  const value = useContext(UploadContext);
  if (!value) throw new Error('useUpload needs an UploadProvider (the app layout)');
  return value;
}
