import type { ApiError } from '../../core/errors.ts';

/** The spec's error code a call throws, or 'none' when it returns. */
export function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as ApiError).code;
  }
  return 'none';
}
