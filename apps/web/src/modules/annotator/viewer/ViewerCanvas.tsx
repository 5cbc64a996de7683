import { Badge, Box, Center, Loader, Text } from '@mantine/core';
import type { MouseEvent, RefObject } from 'react';
import type { Pane } from './panes';
import { PreviewSliceCanvas } from './PreviewSliceCanvas';
import { SideLabels } from './SideLabels';
import type { PreviewImage } from './usePreviewSlice';
import type { VolumeState } from './useShownVolume';

export interface ViewerCanvasProps {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  state: VolumeState;
  /** `{series uuid}-{index}` of the volume drawn. */
  shownName: string | null;
  error: string | null;
  /** The middle axial slice to show while the volume loads, or null. */
  preview: PreviewImage | null;
  onPointer: (event: MouseEvent<HTMLCanvasElement> | null) => void;
  /** NiiVue's 2D panes, labelled with the patient's sides in this convention once the volume shows. */
  panes: readonly Pane[];
  radiological: boolean;
}

/**
 * NiiVue's canvas. `data-state` is the render signal: `ready` once the volume named by `data-shown` has
 * been drawn, so tests and the benchmark wait for it rather than for time. While loading, the preview
 * slice covers it (NiiVue's canvas gets no pointer until ready) under a notice that the volume loads.
 */
export function ViewerCanvas(props: ViewerCanvasProps) {
  const { canvasRef, state, shownName, error, preview, onPointer } = props;
  const previewing = state === 'loading' && !error && preview !== null;
  return (
    <Box pos="relative" bg="black" style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
      <canvas
        ref={canvasRef}
        data-testid="viewer-canvas"
        data-state={error ? 'error' : state}
        data-shown={shownName ?? undefined}
        aria-label="Image viewer"
        style={{ display: 'block', width: '100%', height: '100%', outline: 'none' }}
        onMouseMove={onPointer}
        onMouseLeave={() => onPointer(null)}
        onContextMenu={(e) => e.preventDefault()}
      />
      {state === 'ready' && !error && <SideLabels panes={props.panes} radiological={props.radiological} />}
      {previewing && <PreviewSliceCanvas preview={preview} />}
      {previewing && (
        <Badge
          pos="absolute"
          top={8}
          left="50%"
          style={{ transform: 'translateX(-50%)' }}
          color="dark"
          variant="filled"
          leftSection={<Loader size={12} color="gray.3" />}
          data-testid="viewer-preview-notice"
        >
          Loading the volume: tools are available when it is ready
        </Badge>
      )}
      {((state === 'loading' && !previewing) || error) && (
        <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
          {error ? (
            <Text c="red.4" role="alert">
              {error}
            </Text>
          ) : (
            <Loader color="gray.3" aria-label="Loading volume" />
          )}
        </Center>
      )}
    </Box>
  );
}
