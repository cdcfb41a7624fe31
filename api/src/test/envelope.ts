/** The API.md success envelope, as tests read response bodies. */
export interface Envelope<T> {
  success: true;
  data: T;
  message?: string;
}

/** The API.md failure envelope. */
export interface ErrorEnvelope {
  success: false;
  code: string;
  message: string;
  errors?: { field: string; message: string }[];
}

/** A well-formed uuid that no row has: the answer to it must be 404. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
