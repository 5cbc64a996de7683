import type { AiPromptSummary } from '@voxa/contracts';

export const TYPE_LABELS: Record<AiPromptSummary['type'], string> = { acquisition: 'Acquisition' };

/** The placeholders, as the form explains them. */
export const PLACEHOLDER_HELP =
  '{{series}}: the key header attributes of the series (JSON); {{codes}}: the codes offered per modality; ' +
  '{{modality}}: the study’s modality. The prompt must hold {{series}} and ask for JSON.';
