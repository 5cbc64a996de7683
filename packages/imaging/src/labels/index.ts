export { labelVolume, maxLabelValue, planeAxes, voxelIndex } from './label-volume';
export type { Axis, IntensityArray, LabelArray, LabelVolume, Vec3 } from './label-volume';
export * from './write-rule';
export { applyChange, revertChange, mergeChanges, changeBytes, type ChangeRecord } from './change-record';
export * from './brush';
export * from './flood-fill';
export * from './contour-fill';
export * from './label-figures';
export * from './undo-stack';
