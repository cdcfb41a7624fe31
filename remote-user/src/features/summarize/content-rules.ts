import { countCharacters } from 'common/text';
import {
  ALLOWED_FILE_EXTENSIONS,
  MAX_CONTENT_CHARS,
  MAX_FILE_BYTES,
  MIN_CONTENT_CHARS,
  formatCount,
} from '../../lib/summaries/summary';

/** SPEC.md §5 and §8 texts of the summarize screen, used exactly. */
export const SUMMARIZE_MESSAGES = {
  insufficientCredits: 'Insufficient credits. Please contact support to recharge your account.',
  noFile: 'Please select a file first',
  fileFailed: 'Failed to process file',
  wrongFileType: 'Only .txt, .docx and .pdf files are supported',
  emptyFile: 'The file is empty',
} as const;

export function contentTooShortMessage(count: number): string {
  return `Content must be at least ${MIN_CONTENT_CHARS} characters (current: ${count})`;
}

export function contentTooLongMessage(count: number): string {
  return `Content exceeds maximum ${formatCount(MAX_CONTENT_CHARS)} characters (current: ${count})`;
}

export interface ContentCheck {
  /** Code points after trimming, as the API counts them. */
  count: number;
  /** `1,234/50,000` */
  counter: string;
  tooShort: boolean;
  tooLong: boolean;
  valid: boolean;
  /** The alert to show, once the person has typed something out of range. */
  message: string | null;
}

/** The text tab's rules (SPEC.md §5 "Text summary"). */
export function checkContent(text: string): ContentCheck {
  const count = countCharacters(text);
  const tooShort = count < MIN_CONTENT_CHARS;
  const tooLong = count > MAX_CONTENT_CHARS;
  let message: string | null = null;
  if (text.length > 0 && tooShort) message = contentTooShortMessage(count);
  else if (tooLong) message = contentTooLongMessage(count);
  return {
    count,
    counter: `${formatCount(count)}/${formatCount(MAX_CONTENT_CHARS)}`,
    tooShort,
    tooLong,
    valid: !tooShort && !tooLong,
    message,
  };
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot).toLowerCase() : '';
}

export function fileTooLargeMessage(bytes: number): string {
  const megabytes = (bytes / (1024 * 1024)).toFixed(2);
  return `The file is too large (${megabytes} MB). The maximum size is 10MB.`;
}

/**
 * The file tab's own checks before any upload (SPEC.md §5 "File"); the server checks the
 * content again. Null when the file may be sent.
 */
export function checkFile(file: Pick<File, 'name' | 'size'>): string | null {
  if (!(ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return SUMMARIZE_MESSAGES.wrongFileType;
  }
  if (file.size > MAX_FILE_BYTES) return fileTooLargeMessage(file.size);
  if (file.size === 0) return SUMMARIZE_MESSAGES.emptyFile;
  return null;
}
