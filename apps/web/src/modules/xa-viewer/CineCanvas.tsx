import { useEffect, useRef } from 'react';
import type { CineFrames } from './cineFrames';

export interface CineCanvasProps {
  frames: CineFrames;
  frame: number;
}

/** The frame at its own pixel size, scaled to fit by CSS; `data-frame` tells which one was drawn last. */
export function CineCanvas({ frames, frame }: CineCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const target = canvas.current;
    const context = target?.getContext('2d');
    if (!target || !context) return;
    context.putImageData(frames.image(frame), 0, 0);
    target.dataset.frame = String(frame);
  }, [frames, frame]);
  return (
    <canvas
      ref={canvas}
      width={frames.width}
      height={frames.height}
      data-testid="cine-canvas"
      aria-label={`Frame ${frame + 1} of ${frames.count}`}
      style={{
        display: 'block',
        maxWidth: '100%',
        maxHeight: 'calc(100vh - 190px)',
        aspectRatio: `${frames.width} / ${frames.height}`,
        background: '#000',
      }}
    />
  );
}
