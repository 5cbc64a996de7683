import { Group, Slider, Text } from '@mantine/core';

export interface VolumeSlidersProps {
  /** NIfTI files of the series (dcm2niix writes several for echoes or phases). */
  files: number;
  file: number;
  onFile: (file: number) => void;
  /** Volumes inside the shown file (a 4D NIfTI). */
  frames: number;
  frame: number;
  onFrame: (frame: number) => void;
}

function Stepper(props: { label: string; count: number; value: number; onChange: (v: number) => void }) {
  return (
    <Group gap="xs" wrap="nowrap" miw={220} style={{ flex: 1 }}>
      <Text size="xs" w={110}>
        {props.label} {props.value + 1} / {props.count}
      </Text>
      <Slider
        style={{ flex: 1 }}
        size="sm"
        min={0}
        max={props.count - 1}
        step={1}
        value={props.value}
        onChange={props.onChange}
        label={(v) => v + 1}
        thumbLabel={props.label}
      />
    </Group>
  );
}

/** Steps through the volumes of a 4D series: its files, and the volumes of a 4D file. */
export function VolumeSliders(props: VolumeSlidersProps) {
  if (props.files < 2 && props.frames < 2) return null;
  return (
    <Group gap="lg" px="sm" py={4} data-testid="volume-sliders">
      {props.files > 1 && (
        <Stepper label="File" count={props.files} value={props.file} onChange={props.onFile} />
      )}
      {props.frames > 1 && (
        <Stepper label="Volume" count={props.frames} value={props.frame} onChange={props.onFrame} />
      )}
    </Group>
  );
}
