export const PIPELINES_PATH = '/pipeline';
export const CREATE_PIPELINE_PATH = '/pipeline/create';
export const BLUEPRINTS_PATH = '/pipeline-blueprint';
export const FLOWS_PATH = '/flow';
export const pipelinePath = (id: number) => `/pipeline/${id}`;
export const editPipelinePath = (id: number) => `/pipeline/${id}/edit`;
/** The create form started from a blueprint. */
export const fromBlueprintPath = (code: string) =>
  `${CREATE_PIPELINE_PATH}?blueprint=${encodeURIComponent(code)}`;
export const flowPath = (id: number) => `/flow/${id}`;
