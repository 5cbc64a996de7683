import { Box } from '@mantine/core';
import type { Colormap } from '@voxa/contracts';
import { colormapLut, LUT_ENTRIES } from '@voxa/imaging';
import { useEffect, useRef } from 'react';

export interface GradientPreviewProps {
  colormap: Colormap;
  height: number;
  label: string;
  /** Show the opacity (over a checkerboard), or the colours alone, as a volume's slices show them. */
  withOpacity: boolean;
}

/** Transparency shows as a checkerboard behind the colours, as colour-table editors draw it. */
const CHECKERBOARD = 'repeating-conic-gradient(#d0d0d0 0% 25%, #ffffff 0% 50%) 0 0 / 12px 12px';

/**
 * The colour map's 256 entries drawn one pixel each and stretched to the bar's width: the same table the
 * viewer uses (colormapLut follows NiiVue), so what this shows is what a volume gets.
 */
export function GradientPreview({ colormap, height, label, withOpacity }: GradientPreviewProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const lut = colormapLut(colormap);
    if (!withOpacity) for (let i = 3; i < lut.length; i += 4) lut[i] = 255;
    context.putImageData(new ImageData(lut, LUT_ENTRIES, 1), 0, 0);
  }, [colormap, withOpacity]);
  return (
    <Box style={{ background: withOpacity ? CHECKERBOARD : undefined, borderRadius: 4, lineHeight: 0 }}>
      <canvas
        ref={canvas}
        width={LUT_ENTRIES}
        height={1}
        role="img"
        aria-label={label}
        data-testid="gradient-preview"
        style={{ width: '100%', height, imageRendering: 'pixelated', borderRadius: 4 }}
      />
    </Box>
  );
}
