import { TrainingStartBody } from '@voxa/contracts';

/** The start form's fields as typed. */
export interface ParameterDraft {
  epochs: string;
  validationSplit: string;
  learningRate: string;
  patchSize: string;
}

export const DEFAULT_DRAFT: ParameterDraft = {
  epochs: '50',
  validationSplit: '0.2',
  learningRate: '0.001',
  patchSize: '64, 64, 64',
};

/** The fields' labels on the form, to say which one is wrong. */
export const PARAMETER_LABELS: Record<keyof ParameterDraft, string> = {
  epochs: 'Epochs',
  validationSplit: 'Validation split',
  learningRate: 'Learning rate',
  patchSize: 'Patch size',
};

/** The start's body from the fields, or the first reason it is not one (the contract's own check). */
export function parseStart(
  draft: ParameterDraft,
): { ok: true; value: TrainingStartBody } | { ok: false; error: string } {
  const patch = draft.patchSize
    .split(/[\s,x×]+/)
    .filter(Boolean)
    .map(Number);
  const parsed = TrainingStartBody.safeParse({
    epochs: Number(draft.epochs),
    validationSplit: Number(draft.validationSplit),
    learningRate: Number(draft.learningRate),
    patchSize: patch,
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  const label =
    typeof field === 'string' && field in PARAMETER_LABELS
      ? PARAMETER_LABELS[field as keyof ParameterDraft]
      : field;
  return { ok: false, error: `${String(label ?? 'Parameters')}: ${issue?.message ?? 'invalid'}` };
}
