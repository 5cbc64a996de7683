/** The pipeline and flow pages as one lazy chunk: they share their hooks, form and badges. */
export { BlueprintsPage } from './BlueprintsPage';
export { FlowDetailPage } from './FlowDetailPage';
export { FlowsPage } from './FlowsPage';
export { PipelineDetailPage } from './PipelineDetailPage';
export { PipelineFormPage } from './PipelineFormPage';
export { PipelinesPage } from './PipelinesPage';
