export * from './types';
export * from './upload-model';
