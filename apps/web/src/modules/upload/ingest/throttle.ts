/** Calls `run` at most once per `ms`: the first call schedules it, later ones ride along; `now` runs it at once. */
export interface Throttled {
  schedule(): void;
  now(): void;
  cancel(): void;
}

/** Spec section 9: progress throttle of 200 ms. */
export const UPDATE_THROTTLE_MS = 200;

export function throttled(run: () => void, ms = UPDATE_THROTTLE_MS): Throttled {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    schedule: () => {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        run();
      }, ms);
    },
    now: () => {
      cancel();
      run();
    },
    cancel,
  };
}
