import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { slugFromTitle, STRUCTURE_TITLE_MAX } from '@voxa/contracts';
import { useState, type FormEvent } from 'react';
import { fieldError, formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { useCategories } from './useStructuresApi';

export interface StructureFormValues {
  title: string;
  /** A category slug, null for none. */
  category: string | null;
  slug: string;
}

export interface StructureFormProps {
  initial: StructureFormValues;
  /** derived: made from the title (a new structure); editable: typed; fixed: shown, never changed. */
  slugMode: 'derived' | 'editable' | 'fixed';
  submitLabel: string;
  pending: boolean;
  /** The failed save, whose messages (422 per field, 409 for the form) are shown. */
  error: unknown;
  onSubmit: (values: StructureFormValues) => void;
  onCancel?: () => void;
}

/** Title, category and slug of a structure; the server's validation messages show beside their fields. */
export function StructureForm({
  initial,
  slugMode,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: StructureFormProps) {
  const categories = useCategories();
  const [values, setValues] = useState(initial);
  const slug = slugMode === 'derived' ? slugFromTitle(values.title) : values.slug;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ ...values, slug });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormAlert message={formMessage(error)} />
        <TextInput
          label="Title"
          required
          maxLength={STRUCTURE_TITLE_MAX}
          value={values.title}
          onChange={(e) => setValues({ ...values, title: e.currentTarget.value })}
          error={fieldError(error, 'title')}
        />
        <Select
          label="Category"
          placeholder="None"
          clearable
          searchable
          data={(categories.data ?? []).map((c) => ({ value: c.slug, label: c.title }))}
          value={values.category}
          onChange={(category) => setValues({ ...values, category })}
          error={fieldError(error, 'category')}
        />
        {slugMode === 'editable' ? (
          <TextInput
            label="Slug"
            value={values.slug}
            onChange={(e) => setValues({ ...values, slug: e.currentTarget.value.toLowerCase() })}
            error={fieldError(error, 'slug')}
          />
        ) : (
          <Text size="sm" c={fieldError(error, 'slug') ? 'red' : 'dimmed'} data-testid="structure-slug">
            Slug: <code>{slug || '—'}</code>
            {fieldError(error, 'slug') && ` · ${fieldError(error, 'slug')}`}
          </Text>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={pending} disabled={!values.title.trim()}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
