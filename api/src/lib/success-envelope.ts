/**
 * API.md's success envelope, `{ success: true, data }`, with the route's `message` when it
 * has one. Every JSON route answers through it: `c.json(successEnvelope(data, 'Saved'), 201)`.
 */
export function successEnvelope<Data>(data: Data): { success: true; data: Data };
export function successEnvelope<Data>(
  data: Data,
  message: string,
): { success: true; data: Data; message: string };
export function successEnvelope<Data>(
  data: Data,
  message?: string,
): { success: true; data: Data; message?: string } {
  return message === undefined ? { success: true, data } : { success: true, data, message };
}
