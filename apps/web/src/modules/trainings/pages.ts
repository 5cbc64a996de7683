/** The training pages as one lazy chunk: they share their hooks, badge and stop button. */
export { CreateTrainingPage } from './CreateTrainingPage';
export { TrainingDetailPage } from './TrainingDetailPage';
export { TrainingInfoPage } from './TrainingInfoPage';
export { TrainingsPage } from './TrainingsPage';
