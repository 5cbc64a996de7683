import { fitRect } from '@voxa/imaging';
import { useEffect, useRef } from 'react';
import { MARKS } from './marks';
import type { PreviewImage } from './usePreviewSlice';

export interface PreviewSliceCanvasProps {
  preview: PreviewImage;
}

/**
 * The preview slice on a 2D canvas over NiiVue's, fitted and centred in the pane as NiiVue's axial pane
 * fits the slice, and smoothed as NiiVue samples it; NiiVue's own drawing replaces it when the volume is
 * ready. Marks when it was first drawn, for bench/annotator.
 */
export function PreviewSliceCanvas({ preview }: PreviewSliceCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const image = document.createElement('canvas');
    image.width = preview.width;
    image.height = preview.height;
    image.getContext('2d')?.putImageData(new ImageData(preview.rgba, preview.width, preview.height), 0, 0);
    let marked = false;
    const draw = () => {
      const context = canvas.getContext('2d');
      if (!context) return;
      const dpr = globalThis.devicePixelRatio || 1;
      const box = { width: canvas.clientWidth, height: canvas.clientHeight };
      canvas.width = Math.round(box.width * dpr);
      canvas.height = Math.round(box.height * dpr);
      const rect = fitRect(box, preview.fov);
      context.imageSmoothingEnabled = true;
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, rect.x * dpr, rect.y * dpr, rect.width * dpr, rect.height * dpr);
      if (marked) return;
      marked = true;
      performance.mark(MARKS.preview);
    };
    draw();
    const observer = new ResizeObserver(draw);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [preview]);

  return (
    <canvas
      ref={canvasRef}
      data-testid="viewer-preview"
      data-shown={preview.name}
      aria-label="Preview of the middle slice"
      style={{ position: 'absolute', inset: 0, display: 'block', width: '100%', height: '100%' }}
    />
  );
}
