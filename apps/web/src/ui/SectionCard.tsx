import { Card, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export interface SectionCardProps {
  /** The section's heading, which also names it (a region of that name). */
  title: string;
  /** Without the card's border and padding: for content that stands on the page itself (cards, a table). */
  bare?: boolean;
  children: ReactNode;
}

/** A titled section of a page: a bordered card (or bare) named by its h2, styled as h4. */
export function SectionCard({ title, bare = false, children }: SectionCardProps) {
  const headingId = useId();
  if (bare)
    return (
      <section aria-labelledby={headingId}>
        <Title order={2} size="h4" mb="sm" id={headingId}>
          {title}
        </Title>
        {children}
      </section>
    );
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
