// No imports: the prerendered landing page reads this copy and must stay light.

/**
 * The extensions the server reads (API.md round 3 `fileTypes` of GET /api/config): documents,
 * then photos and scans. The front ends use this list until the configuration has arrived.
 */
export const DEFAULT_FILE_TYPES = [
  '.txt',
  '.docx',
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.webp',
] as const;

/** One of the extensions of DEFAULT_FILE_TYPES. */
export type DefaultFileType = (typeof DEFAULT_FILE_TYPES)[number];

/**
 * DEFAULT_FILE_TYPES as a sentence lists them (`describeFileTypes` of it, which a test checks):
 * a plain string, so a page that says which files it reads needs no code to say it.
 */
export const DEFAULT_FILE_TYPES_TEXT = '.txt, .docx, .pdf, .png, .jpg, .jpeg or .webp';

/** `.txt, .docx or .pdf`: the extensions as a sentence lists them, `or` before the last. */
export function describeFileTypes(types: readonly string[], conjunction = 'or'): string {
  if (types.length < 2) return types[0] ?? '';
  return `${types.slice(0, -1).join(', ')} ${conjunction} ${types[types.length - 1] ?? ''}`;
}

/** The extension of a file name, lower case with its dot (`.pdf`), or '' without one. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot).toLowerCase() : '';
}
