import {
  AI_MODEL_BUILT_IN,
  AI_MODEL_OTHER_TEAM,
  hasAll,
  type OnnxTensor,
  type Permission,
} from '@voxa/contracts';
import type { OnnxHeader } from '../../platform/db/schema';

/** What the rules read of a model. */
export interface ModelAccess {
  team_id: number | null;
  is_private: boolean;
}

/** A team sees the built-in models, its own, and other teams' public ones. */
export function canSee(model: ModelAccess, teamId: number): boolean {
  return model.team_id === null || model.team_id === teamId || !model.is_private;
}

/** Why a visible model may not be changed by the team, or null when it may (its own). */
export function changeRefusal(model: ModelAccess, teamId: number): string | null {
  if (model.team_id === null) return AI_MODEL_BUILT_IN;
  return model.team_id === teamId ? null : AI_MODEL_OTHER_TEAM;
}

/** The ability the API answers with, so the page never re-derives the rule. */
export function canEdit(model: ModelAccess, teamId: number, permissions: readonly Permission[]): boolean {
  return changeRefusal(model, teamId) === null && hasAll(permissions, ['r:ai-models']);
}

/**
 * Whether an ONNX graph fits the model as the worker will feed it: its first input is [batch, channels,
 * x, y, z] and its first output [batch, background + one per segment, x, y, z], whose argmax index i maps
 * to the i-th segment by ascending value. Symbolic or unknown dimensions are accepted. Answers the problems
 * by field, empty when it fits.
 */
export function fileFitProblems(
  header: Pick<OnnxHeader, 'inputs' | 'outputs'>,
  model: { channels: number; segments: readonly unknown[] },
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const input = check(header.inputs[0], model.channels, 'input', 'channels');
  const output = check(
    header.outputs[0],
    model.segments.length + 1,
    'output',
    'classes (background + segments)',
  );
  if (input) problems.channels = [input];
  if (output) problems.segments = [output];
  return problems;
}

function check(tensor: OnnxTensor | undefined, expected: number, role: string, what: string): string | null {
  const shape = tensor?.shape;
  if (!shape) return null;
  if (shape.length !== 5)
    return `The model's ${role} has ${shape.length} dimensions; a 3D model's has 5 (batch, channels, x, y, z).`;
  const dim = shape[1];
  if (typeof dim === 'number' && dim !== expected)
    return `The model's ${role} has ${dim} channels; ${expected} ${what} expected.`;
  return null;
}
