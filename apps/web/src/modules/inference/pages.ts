/**
 * The inference pages as one lazy chunk: they share their rows, hooks and forms, and one chunk instead of
 * six keeps the route table's share of the first load small (e2e/bundle-size).
 */
export { BatchInferPage } from './BatchInferPage';
export { CaseInferencesPage } from './CaseInferencesPage';
export { CreateInferencePage } from './CreateInferencePage';
export { InferenceDetailPage } from './InferenceDetailPage';
export { InferencesPage } from './InferencesPage';
export { ModelConfigurationPage } from './ModelConfigurationPage';
