/** The inference pages (teams-and-account.md 2.1; decision 0049). */
export const INFERENCES_PATH = '/ai-infers';
export const CREATE_INFERENCE_PATH = '/ai-infers/create';
export const BATCH_INFER_PATH = '/admin/batch-infer';
export const MODEL_CONFIGURATION_PATH = '/admin/ai-model-configuration';

export const inferencePath = (id: number) => `/ai-infers/detail?id=${id}`;
/** The v2 page of one case (a study uuid), or its study picker. */
export const caseInferencesPath = (studyUuid?: string) =>
  studyUuid ? `/ai2-inference?case=${encodeURIComponent(studyUuid)}` : '/ai2-inference';
