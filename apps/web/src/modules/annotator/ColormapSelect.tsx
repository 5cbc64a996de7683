import { Select } from '@mantine/core';
import { useTransferFunctions } from '../transfer-functions/useTransferFunctionsApi';
import type { ColorMapPoints } from './viewer/niivueViewer';

export interface ColormapSelectProps {
  modality: string | null;
  disabled: boolean;
  /** null: the volume's own grey. */
  onColormap: (colormap: { name: string; points: ColorMapPoints } | null) => void;
}

/** The colour maps of /transfer-functions (built-in and the team's own) the volume may be shown through. */
export function ColormapSelect({ modality, disabled, onColormap }: ColormapSelectProps) {
  const functions = useTransferFunctions({ kind: 'colormap', ...(modality && { modality }) });
  const maps = (functions.data ?? []).flatMap((f) => (f.kind === 'colormap' ? [f] : []));
  return (
    <Select
      size="xs"
      w={150}
      aria-label="Colour map"
      placeholder="Colour map"
      clearable
      disabled={disabled || maps.length === 0}
      data={maps.map((m) => ({ value: String(m.id), label: m.name }))}
      onChange={(id) => {
        const chosen = maps.find((m) => String(m.id) === id);
        onColormap(chosen ? { name: chosen.name, points: chosen.colormap } : null);
      }}
    />
  );
}
