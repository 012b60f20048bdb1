import type { z } from 'zod';
import { ApiError, codeOfZodError } from './errors.js';

/** Parses a request body with its schema; a failure becomes the code its first failing rule names. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new ApiError(codeOfZodError(result.error));
  return result.data;
}
