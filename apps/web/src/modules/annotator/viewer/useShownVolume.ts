import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { fetchVolume } from '../volumeRequest';
import { initialWindow, rangeToWindow, windowToRange, type Window } from '../windowing';
import { MARKS } from './marks';
import type { LoadedVolume, Viewer } from './niivueViewer';

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
  const [shownName, setShownName] = useState<string | null>(null);
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
      .then((bytes) => {
        performance.mark(MARKS.fetched);
        const kept = chosen.current?.seriesUuid === seriesUuid ? chosen.current.window : null;
        let opened = kept;
        const shown = viewer.show(bytes, `${seriesUuid}-${index}.nii`, (loaded) => {
          opened = kept ?? initialWindow(modality, loaded.robust, loaded.full);
          return windowToRange(opened);
        });
        return shown.then((loaded) => ({ loaded, opened }));
      })
      .then(({ loaded, opened }) => {
        if (controller.signal.aborted || !opened) return;
        chosen.current = { seriesUuid, window: opened };
        setVolume(loaded);
        setShownName(`${seriesUuid}-${index}`);
        setWindowState(opened);
        setFrameState(0);
        setError(null);
        setState('ready');
        // NiiVue drew the volume in show().
        performance.mark(MARKS.shown);
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
  return { state, error, volume, shownName, window, setWindow, frame, setFrame };
}
