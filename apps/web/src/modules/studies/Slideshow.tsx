import { Box, Center, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { frameAt } from './slideshow';

export interface SlideshowProps {
  /** URLs of the cached PNG frames; none until a series has converted. */
  frames: readonly string[];
  size: number;
  /** Names the images: the study or series. */
  label: string;
}

/** A cached slideshow as a hover strip: moving the pointer across the image steps through its frames. */
export function Slideshow({ frames, size, label }: SlideshowProps) {
  const [frame, setFrame] = useState(0);
  if (frames.length === 0)
    return (
      <Center w={size} h={size} bg="dark.7" data-testid="slideshow-empty">
        <Text size="xs" c="gray.5">
          No preview
        </Text>
      </Center>
    );
  const current = Math.min(frame, frames.length - 1);
  return (
    <Box
      w={size}
      data-testid="slideshow"
      onMouseMove={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        setFrame(frameAt(event.clientX - box.left, box.width, frames.length));
      }}
      onMouseLeave={() => setFrame(0)}
    >
      <img
        src={frames[current]}
        alt={`${label}, frame ${current + 1} of ${frames.length}`}
        width={size}
        height={size}
        data-frame={current}
        data-testid="slideshow-frame"
        style={{ display: 'block', objectFit: 'contain', background: 'black' }}
      />
      <Group gap={2} wrap="nowrap" mt={2} aria-hidden>
        {frames.map((url, i) => (
          <Box key={url} h={3} style={{ flex: 1 }} bg={i === current ? 'blue.6' : 'gray.4'} />
        ))}
      </Group>
    </Box>
  );
}
