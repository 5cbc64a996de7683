import type { UploadSeries } from '@voxa/imaging';
import { useEffect, useState } from 'react';
import type { PreviewOutcome, PreviewService } from './previewService';

export interface SeriesPreviewState {
  outcome: PreviewOutcome | null;
  /** Object URL of the outcome's PNG, revoked when it is replaced or the tile goes. */
  imageUrl: string | null;
  /** The spec's generatingPreviewNii: dcm2niix is converting this series. */
  generatingPreviewNii: boolean;
  /** Slices of the NIfTI behind the preview, when it has more than the series counts. */
  slices: number | undefined;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The preview of one slice, requested only once `enabled` (the tile has been in view); stale requests are aborted. */
export function useSeriesPreview(
  series: UploadSeries,
  service: PreviewService,
  slice: number,
  enabled: boolean,
): SeriesPreviewState {
  const [outcome, setOutcome] = useState<PreviewOutcome | null>(null);
  const [generating, setGenerating] = useState(false);
  const [slices, setSlices] = useState<number | undefined>(undefined);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setGenerating(service.needsConversion(series));
    service.preview(series, slice, controller.signal).then(
      (next) => {
        if (controller.signal.aborted) return;
        setOutcome(next);
        if (next.kind === 'image' && next.slices !== null) setSlices(next.slices);
        setGenerating(false);
      },
      (error: unknown) => {
        if (isAbort(error) || controller.signal.aborted) return;
        setOutcome({ kind: 'placeholder', text: 'Error', error: String(error) });
        setGenerating(false);
      },
    );
    return () => controller.abort();
  }, [series, service, slice, enabled]);

  const png = outcome?.kind === 'image' ? outcome.png : null;
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  useEffect(() => {
    const url = png ? URL.createObjectURL(png) : null;
    setImageUrl(url);
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [png]);

  return { outcome, imageUrl, generatingPreviewNii: generating, slices };
}
