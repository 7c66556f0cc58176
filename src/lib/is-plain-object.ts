/** A JSON object: not null and not an array (what `typeof value === 'object'` leaves open). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
