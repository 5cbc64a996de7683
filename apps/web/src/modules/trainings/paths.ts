export const TRAININGS_PATH = '/ai2-trainings';
export const CREATE_TRAINING_PATH = '/ai2-trainings/create';
export const trainingPath = (id: number) => `/ai2-trainings/detail/${id}`;
