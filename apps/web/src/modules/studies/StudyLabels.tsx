import type { Label } from '@voxa/contracts';
import { notifyError } from '../../ui/notify';
import { LabelEditor } from '../labels/LabelEditor';
import { LabelPicker } from '../labels/LabelPicker';
import { STUDIES_KEY, useStudyLabel } from './useStudiesApi';

export interface StudyLabelsProps {
  studyId: number;
  labels: readonly Label[];
  /** The user may change labels (r:upload or r:studies:detail); otherwise the pills only show. */
  editable: boolean;
  /** Other queries showing this study's labels (the organize panel's study). */
  alsoRefresh?: readonly (readonly unknown[])[];
}

export const STUDY_LABELS_WIDTH = 180;

/** A stored study's labels: search, attach, 'Add new label', detach, and each label's editor. */
export function StudyLabels({ studyId, labels, editable, alsoRefresh = [] }: StudyLabelsProps) {
  const attach = useStudyLabel('attach', alsoRefresh);
  const detach = useStudyLabel('detach', alsoRefresh);
  const refreshes = [STUDIES_KEY, ...alsoRefresh];
  return (
    <LabelPicker
      attached={labels}
      width={STUDY_LABELS_WIDTH}
      disabled={!editable}
      onAttach={(label) => attach.mutate({ studyId, label }, { onError: notifyError })}
      onDetach={(label) => detach.mutate({ studyId, label }, { onError: notifyError })}
      renderName={(label) => (editable ? <LabelEditor label={label} alsoRefresh={refreshes} /> : label.name)}
    />
  );
}
