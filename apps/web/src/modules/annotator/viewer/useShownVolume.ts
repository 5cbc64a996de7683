import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { fetchVolume } from '../volumeRequest';
import { initialWindow, rangeToWindow, windowToRange, type Window } from '../windowing';
import type { LoadedVolume, Viewer } from './niivueViewer';

export const VOLUME_SHOWN_MARK = 'annotator:volume-shown';

export type VolumeState = 'loading' | 'ready' | 'error';

export interface ShownVolume {
  state: VolumeState;
  error: string | null;
  volume: LoadedVolume | null;
  window: Window | null;
  setWindow: (window: Window) => void;
  frame: number;
  setFrame: (frame: number) => void;
}

/**
 * Fetches volume `index` of a series and shows it. A new series opens on its modality's window; another
 * volume of the same series keeps the window the user chose.
 */
export function useShownVolume(
  viewer: Viewer | null,
  seriesUuid: string,
  index: number,
  modality: string | null,
): ShownVolume {
  const [state, setState] = useState<VolumeState>('loading');
  const [error, setError] = useState<string | null>(null);
  const [volume, setVolume] = useState<LoadedVolume | null>(null);
  const [window, setWindowState] = useState<Window | null>(null);
  const [frame, setFrameState] = useState(0);
  // Read when a volume loads, not followed: changing the window must not load the volume again.
  const chosen = useRef<{ seriesUuid: string; window: Window } | null>(null);
  const showWindow = useCallback((next: Window) => {
    setWindowState(next);
    if (chosen.current) chosen.current.window = next;
  }, []);

  useEffect(() => {
    if (!viewer) return;
    const controller = new AbortController();
    setState('loading');
    fetchVolume(seriesUuid, index, controller.signal)
      .then((bytes) => viewer.show(bytes, `${seriesUuid}-${index}.nii`))
      .then((loaded) => {
        if (controller.signal.aborted) return;
        const kept = chosen.current?.seriesUuid === seriesUuid ? chosen.current.window : null;
        const next = kept ?? initialWindow(modality, loaded.robust, loaded.full);
        viewer.setWindow(windowToRange(next));
        chosen.current = { seriesUuid, window: next };
        setVolume(loaded);
        setWindowState(next);
        setFrameState(0);
        setError(null);
        setState('ready');
        // NiiVue drew the volume in show(): the time since navigation, for bench/annotator.
        performance.mark(VOLUME_SHOWN_MARK);
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        setError(errorMessage(e));
        setState('error');
      });
    return () => controller.abort();
  }, [viewer, seriesUuid, index, modality]);

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
  return { state, error, volume, window, setWindow, frame, setFrame };
}
