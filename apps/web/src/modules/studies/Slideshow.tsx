import { Box, Center, Image, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

export interface SlideshowProps {
  /** Frame URLs of the study's cached slideshow; empty before its series converted. */
  frames: readonly string[];
  label: string;
}

const SIZE = 64;
const FRAME_MS = 400;

/** The study's first frame; while the pointer is over it, its frames in turn. */
export function Slideshow({ frames, label }: SlideshowProps) {
  const [playing, setPlaying] = useState(false);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!playing || frames.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % frames.length), FRAME_MS);
    return () => clearInterval(timer);
  }, [playing, frames.length]);
  if (frames.length === 0)
    return (
      <Center w={SIZE} h={SIZE} bg="dark.9" data-testid="slideshow-empty">
        <Text size="xs" c="gray.5" ta="center">
          No preview
        </Text>
      </Center>
    );
  return (
    <Box
      w={SIZE}
      h={SIZE}
      bg="black"
      onMouseEnter={() => setPlaying(true)}
      onMouseLeave={() => {
        setPlaying(false);
        setIndex(0);
      }}
    >
      <Image src={frames[index]} alt={label} w={SIZE} h={SIZE} fit="contain" data-testid="slideshow-frame" />
    </Box>
  );
}
