import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { fetchVolume } from '../volumeRequest';
import { initialWindow, rangeToWindow, windowToRange, type Range, type Window } from '../windowing';
import { MARKS } from './marks';
import type { LoadedVolume, Viewer } from './niivueViewer';
import { usePreviewSlice, type PendingVolume, type PreviewImage } from './usePreviewSlice';

export type VolumeState = 'loading' | 'ready' | 'error';

export interface ShownVolume {
  state: VolumeState;
  error: string | null;
  volume: LoadedVolume | null;
  /** `{series uuid}-{index}` of the volume on screen. */
  shownName: string | null;
  window: Window | null;
  setWindow: (window: Window) => void;
  frame: number;
  setFrame: (frame: number) => void;
  /** The middle axial slice, drawn while the volume loads (null before its bytes, and when none can be). */
  preview: PreviewImage | null;
}

/**
 * Fetches volume `index` of a series and shows it, its middle axial slice first while the rest comes and
 * NiiVue builds its textures. A new series opens on its modality's window; another volume of the same
 * series keeps the window the user chose.
 */
export function useShownVolume(
  viewer: Viewer | null,
  seriesUuid: string,
  index: number,
  modality: string | null,
  /** The display convention (decision 0097): the preview slice follows it. */
  radiological: boolean,
): ShownVolume {
  const [state, setState] = useState<VolumeState>('loading');
  const [error, setError] = useState<string | null>(null);
  const [volume, setVolume] = useState<LoadedVolume | null>(null);
  const [shownName, setShownName] = useState<string | null>(null);
  const [window, setWindowState] = useState<Window | null>(null);
  const [frame, setFrameState] = useState(0);
  // Read when a volume loads, not followed: changing the window must not load the volume again.
  const chosen = useRef<{ seriesUuid: string; window: Window } | null>(null);
  const showWindow = useCallback((next: Window) => {
    setWindowState(next);
    if (chosen.current) chosen.current.window = next;
  }, []);

  // The window a volume opens on: the one chosen on this series, else its modality's from its ranges.
  const windowFor = useCallback(
    (ranges: { robust: Range; full: Range }): Window => {
      const kept = chosen.current?.seriesUuid === seriesUuid ? chosen.current.window : null;
      return kept ?? initialWindow(modality, ranges.robust, ranges.full);
    },
    [seriesUuid, modality],
  );
  const previewWindow = useCallback(
    (ranges: { robust: Range; full: Range }) => windowToRange(windowFor(ranges)),
    [windowFor],
  );

  // The bytes are asked for at once; the viewer (which starts meanwhile) shows them when both are there.
  const [requested, setRequested] = useState<PendingVolume | null>(null);
  const name = `${seriesUuid}-${index}`;
  useEffect(() => {
    const controller = new AbortController();
    setState('loading');
    setRequested({ name, seriesUuid, index, load: fetchVolume(seriesUuid, index, controller.signal) });
    return () => controller.abort();
  }, [name, seriesUuid, index]);
  // Until the new request is in state, the previous one is not shown again under the new window.
  const pending = requested?.name === name ? requested : null;
  const preview = usePreviewSlice(pending, previewWindow, radiological);

  useEffect(() => {
    if (!viewer || !pending) return;
    let cancelled = false;
    pending.load.bytes
      .then((bytes) => {
        performance.mark(MARKS.fetched);
        let opened: Window | null = null;
        const shown = viewer.show(bytes, `${pending.name}.nii`, (loaded) => {
          opened = windowFor(loaded);
          return windowToRange(opened);
        });
        return shown.then((loaded) => ({ loaded, opened }));
      })
      .then(({ loaded, opened }) => {
        if (cancelled || !opened) return;
        chosen.current = { seriesUuid: pending.seriesUuid, window: opened };
        setVolume(loaded);
        setShownName(pending.name);
        setWindowState(opened);
        setFrameState(0);
        setError(null);
        setState('ready');
        // NiiVue drew the volume in show().
        performance.mark(MARKS.shown);
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        setError(errorMessage(e));
        setState('error');
      });
    return () => {
      cancelled = true;
    };
  }, [viewer, pending, windowFor]);

  useEffect(() => {
    if (!viewer) return;
    viewer.onWindow = (range) => showWindow(rangeToWindow(range));
    return () => {
      viewer.onWindow = null;
    };
  }, [viewer, showWindow]);

  const setWindow = useCallback(
    (next: Window) => {
      viewer?.setWindow(windowToRange(next));
      showWindow(next);
    },
    [viewer, showWindow],
  );
  const setFrame = useCallback(
    (next: number) => {
      viewer?.setFrame(next);
      setFrameState(next);
    },
    [viewer],
  );
  return { state, error, volume, shownName, window, setWindow, frame, setFrame, preview };
}
