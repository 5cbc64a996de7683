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
  return { ok: false, error: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` };
}
