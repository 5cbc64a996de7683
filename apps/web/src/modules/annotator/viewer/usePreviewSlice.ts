import {
  axialPreviewPlan,
  axialPreviewSlice,
  displayForRange,
  previewRanges,
  renderRgba,
} from '@voxa/imaging';
import { useEffect, useState } from 'react';
import { fetchVolumeRange, type VolumeLoad } from '../volumeRequest';
import type { Range } from '../windowing';

/** A volume being fetched, named `{series uuid}-{index}`. */
export interface PendingVolume {
  name: string;
  seriesUuid: string;
  index: number;
  load: VolumeLoad;
}

/** The middle axial slice of a volume still loading, windowed, ready for a 2D canvas. */
export interface PreviewImage {
  /** `{series uuid}-{index}` of its volume. */
  name: string;
  width: number;
  height: number;
  rgba: Uint8ClampedArray<ArrayBuffer>;
  /** Millimetres across and down, which the pane fits as NiiVue fits the slice. */
  fov: { width: number; height: number };
}

/**
 * The preview of `pending`: once its header is in, the one byte range of its middle axial slice, in the
 * window `windowFor` picks from the slice's ranges (the one the volume will open on; keep it stable, a new
 * one fetches the slice again). Null while it
 * comes, and for a volume whose axial slice is not one range (the loader alone shows then).
 */
export function usePreviewSlice(
  pending: PendingVolume | null,
  windowFor: (ranges: { robust: Range; full: Range }) => Range,
  /** The patient's right on the screen's left, as the viewer shows it (decision 0097). */
  radiological: boolean,
): PreviewImage | null {
  const [preview, setPreview] = useState<PreviewImage | null>(null);

  useEffect(() => {
    setPreview(null);
    if (!pending) return;
    const controller = new AbortController();
    const { name, seriesUuid, index, load } = pending;
    const show = async () => {
      const head = await load.head;
      const plan = axialPreviewPlan(head.bytes);
      if (!plan) return;
      const slab = await fetchVolumeRange(seriesUuid, index, head, plan.start, plan.end, controller.signal);
      if (!slab || controller.signal.aborted) return;
      const slice = axialPreviewSlice(plan, slab, radiological);
      const { min, max } = windowFor(previewRanges(plan, slice));
      setPreview({
        name,
        width: slice.width,
        height: slice.height,
        rgba: renderRgba(slice, displayForRange([min, max])),
        fov: { width: slice.width * plan.spacing[0], height: slice.height * plan.spacing[1] },
      });
    };
    // A preview that cannot be had leaves the loader alone; the volume's own errors show as before.
    show().catch(() => undefined);
    return () => controller.abort();
  }, [pending, windowFor, radiological]);

  return preview;
}
