/** Helpers for route schemas: references to the shared API schemas and the error responses a route documents. */
export const ref = (id: string) => ({ $ref: `${id}#` });

const ERROR = ref('error.json');

/** Error responses every authenticated route can give. */
export const AUTHENTICATED_ERRORS = { 401: ERROR, 429: ERROR, 503: ERROR } as const;

export function errors(...statuses: number[]): Record<number, { $ref: string }> {
  return Object.fromEntries(statuses.map((s) => [s, ERROR]));
}
