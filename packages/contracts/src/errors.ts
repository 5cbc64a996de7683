import { z } from 'zod';

/** Every error answer: a message for people, and per-field messages for forms. */
export const ApiError = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

export const Ok = z.object({ message: z.string() });
export type Ok = z.infer<typeof Ok>;
