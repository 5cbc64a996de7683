import type { FlowState, FlowStepState, InferenceState } from '@voxa/contracts';
import { isOpen } from '../inference/policy';

export interface StepFacts {
  /** A converted series of the step's acquisition filled it. */
  matched: boolean;
  /** The study's conversion has ended (converted or error): no series will come any more. */
  studySettled: boolean;
  /** Per model of the step, its inference's state; null when no model of that code could run. */
  inferences: readonly (InferenceState | null)[];
}

/** A step's state from its series and its inferences (see FLOW_STEP_STATES). */
export function stepState(step: StepFacts): FlowStepState {
  if (!step.matched) return step.studySettled ? 'missing' : 'waiting';
  if (step.inferences.some((s) => s !== null && isOpen(s))) return 'running';
  if (step.inferences.some((s) => s !== 'done')) return 'failed';
  return 'done';
}

/**
 * A flow's state from its steps' alone: done when every step is; waiting while none has begun; running
 * while any is still open; failed once all have ended and one did not end done.
 */
export function flowState(steps: readonly FlowStepState[]): FlowState {
  if (steps.every((s) => s === 'done')) return 'done';
  const open = steps.filter((s) => s === 'waiting' || s === 'running');
  if (open.length === 0) return 'failed';
  return steps.every((s) => s === 'waiting') ? 'waiting' : 'running';
}
