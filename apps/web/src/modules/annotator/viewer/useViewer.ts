import { CANVAS_REDRAW_DEBOUNCE_MS } from '@voxa/contracts';
import { useEffect, useRef, useState } from 'react';
import { createViewer, type Viewer } from './niivueViewer';

export interface ViewerHandle {
  canvasRef: React.RefObject<HTMLCanvasElement | null>;
  viewer: Viewer | null;
  /** Why no viewer could start (no WebGL2), else null. */
  error: string | null;
}

/**
 * Starts NiiVue on the canvas once, and fits the canvas to its box: at once the first time, then 2 s after
 * the box last changed size (spec 9's canvas redraw debounce; the browser stretches the last frame meanwhile).
 */
export function useViewer(): ViewerHandle {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [viewer, setViewer] = useState<Viewer | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let disposed = false;
    let started: Viewer | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let fitted = false;
    const observer = new ResizeObserver(() => {
      if (!started) return;
      if (!fitted) {
        fitted = true;
        started.fit();
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(() => started?.fit(), CANVAS_REDRAW_DEBOUNCE_MS);
    });
    createViewer(canvas)
      .then((v) => {
        if (disposed) return v.dispose();
        started = v;
        observer.observe(canvas.parentElement ?? canvas);
        setViewer(v);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : 'The viewer could not start.'));
    return () => {
      disposed = true;
      clearTimeout(timer);
      observer.disconnect();
      started?.dispose();
    };
  }, []);

  return { canvasRef, viewer, error };
}
