/** Upload state of one file, as the uploader tracks it. */
export interface FileTransferState {
  seriesId: string;
  size: number;
  /** Bytes of the chunks the server acknowledged. */
  uploadedSize: number;
  status: 'pending' | 'active' | 'done' | 'failed';
}

/** A series' upload fields (upload-and-organize.md section 3: uploadProgress, uploadedImages, uploadedSize...). */
export interface SeriesTransferProgress {
  seriesId: string;
  /** Percent of the series' bytes stored, 0 to 100 (100 for an all-empty series once done). */
  uploadProgress: number;
  /** Files stored whole. */
  uploadedImages: number;
  /** Bytes stored. */
  uploadedSize: number;
  totalImages: number;
  totalSize: number;
  failedImages: number;
  /** A file of the series is being sent. */
  uploadActive: boolean;
  /** No file of the series is left to send (some may have failed). */
  uploadFinished: boolean;
}

/** Sums the files of one series into its progress fields. */
export function seriesProgress(
  seriesId: string,
  files: readonly FileTransferState[],
): SeriesTransferProgress {
  let uploadedSize = 0;
  let totalSize = 0;
  let uploadedImages = 0;
  let failedImages = 0;
  let active = false;
  let pending = false;
  for (const f of files) {
    if (f.seriesId !== seriesId) continue;
    totalSize += f.size;
    uploadedSize += f.uploadedSize;
    if (f.status === 'done') uploadedImages += 1;
    if (f.status === 'failed') failedImages += 1;
    if (f.status === 'active') active = true;
    if (f.status === 'pending' || f.status === 'active') pending = true;
  }
  const totalImages = files.filter((f) => f.seriesId === seriesId).length;
  const finished = totalImages > 0 && !pending;
  const uploadProgress =
    totalSize === 0
      ? finished && failedImages === 0
        ? 100
        : 0
      : Math.floor((100 * uploadedSize) / totalSize);
  return {
    seriesId,
    uploadProgress,
    uploadedImages,
    uploadedSize,
    totalImages,
    totalSize,
    failedImages,
    uploadActive: active,
    uploadFinished: finished,
  };
}
