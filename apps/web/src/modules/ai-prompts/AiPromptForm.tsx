import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { aiPromptTemplateErrors, type AiPromptTexts } from '@voxa/contracts';
import { useState, type ReactNode } from 'react';
import { fieldError, formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { PLACEHOLDER_HELP } from './labels';

export interface AiPromptFormProps {
  initial: AiPromptTexts;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  /** Fields above the texts (modality and type of a new prompt). */
  children?: ReactNode;
  onSubmit: (texts: AiPromptTexts) => void;
}

/** The two messages of a prompt, checked as the server checks them before they are sent. */
export function AiPromptForm({
  initial,
  submitLabel,
  pending,
  error,
  children,
  onSubmit,
}: AiPromptFormProps) {
  const [texts, setTexts] = useState(initial);
  const [checked, setChecked] = useState(false);
  const local = checked ? aiPromptTemplateErrors(texts) : {};
  const message = (field: 'system' | 'user') => local[field]?.join(' ') ?? fieldError(error, field);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setChecked(true);
        if (Object.keys(aiPromptTemplateErrors(texts)).length === 0) onSubmit(texts);
      }}
    >
      <Stack>
        <FormAlert message={formMessage(error)} />
        {children}
        <Text size="sm" c="dimmed">
          {PLACEHOLDER_HELP}
        </Text>
        <Textarea
          label="System message"
          autosize
          minRows={6}
          maxRows={20}
          required
          value={texts.system}
          error={message('system')}
          onChange={(e) => setTexts({ ...texts, system: e.currentTarget.value })}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <Textarea
          label="User message"
          autosize
          minRows={2}
          maxRows={10}
          required
          value={texts.user}
          error={message('user')}
          onChange={(e) => setTexts({ ...texts, user: e.currentTarget.value })}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
