import { Code } from '@mantine/core';
import { useEffect, useRef } from 'react';

export interface LogTailProps {
  text: string;
}

/** The end of a worker's log, monospace, kept scrolled to its last line as it grows. */
export function LogTail({ text }: LogTailProps) {
  const ref = useRef<HTMLPreElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [text]);
  return (
    <Code block ref={ref} fz="xs" mah={320} style={{ overflow: 'auto' }} data-testid="inference-log">
      {text || 'No log yet.'}
    </Code>
  );
}
