import { DEFAULT_PORTAL_CONFIG } from 'common/portal-config';
import type { PortalConfig } from 'common/portal-config';
import { describeFileTypes, fileExtension } from 'common/file-types';
import { countCharacters } from 'common/text';
import {
  MAX_CONTENT_CHARS,
  MAX_URL_CHARS,
  MIN_CONTENT_CHARS,
  formatCount,
} from '../../lib/summaries/summary';

/** SPEC.md §5 and §8 texts of the summarize screen, used exactly. */
export const SUMMARIZE_MESSAGES = {
  insufficientCredits: 'Insufficient credits. Please contact support to recharge your account.',
  noFile: 'Please select a file first',
  fileFailed: 'Failed to process file',
  emptyFile: 'The file is empty',
  noUrl: 'Please enter the address of a web page',
  badUrl: 'Please enter a full web address starting with http:// or https://',
} as const;

/** `Only .txt, .docx and .pdf files are supported`, for the types the server reads. */
export function wrongFileTypeMessage(fileTypes: readonly string[]): string {
  return `Only ${describeFileTypes(fileTypes, 'and')} files are supported`;
}

export function contentTooShortMessage(count: number): string {
  return `Content must be at least ${MIN_CONTENT_CHARS} characters (current: ${count})`;
}

export function contentTooLongMessage(count: number, maxChars = MAX_CONTENT_CHARS): string {
  return `Content exceeds maximum ${formatCount(maxChars)} characters (current: ${count})`;
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

/** The text tab's rules (SPEC.md §5 "Text summary"), up to the server's `maxChars`. */
export function checkContent(text: string, maxChars = MAX_CONTENT_CHARS): ContentCheck {
  const count = countCharacters(text);
  const tooShort = count < MIN_CONTENT_CHARS;
  const tooLong = count > maxChars;
  let message: string | null = null;
  if (text.length > 0 && tooShort) message = contentTooShortMessage(count);
  else if (tooLong) message = contentTooLongMessage(count, maxChars);
  return {
    count,
    counter: `${formatCount(count)}/${formatCount(maxChars)}`,
    tooShort,
    tooLong,
    valid: !tooShort && !tooLong,
    message,
  };
}

/** `10MB`, as SPEC.md states the limit. */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)}MB`;
}

export function fileTooLargeMessage(
  bytes: number,
  maxFileBytes = DEFAULT_PORTAL_CONFIG.maxFileBytes,
): string {
  const megabytes = (bytes / (1024 * 1024)).toFixed(2);
  return `The file is too large (${megabytes} MB). The maximum size is ${formatMegabytes(maxFileBytes)}.`;
}

/**
 * The file tab's own checks before any upload (SPEC.md §5 "File"), against the types and size
 * the server reads (GET /api/config); the server checks the content again. Null when the file
 * may be sent.
 */
export function checkFile(
  file: Pick<File, 'name' | 'size'>,
  limits: Pick<PortalConfig, 'fileTypes' | 'maxFileBytes'> = DEFAULT_PORTAL_CONFIG,
): string | null {
  if (!limits.fileTypes.includes(fileExtension(file.name))) {
    return wrongFileTypeMessage(limits.fileTypes);
  }
  if (file.size > limits.maxFileBytes) return fileTooLargeMessage(file.size, limits.maxFileBytes);
  if (file.size === 0) return SUMMARIZE_MESSAGES.emptyFile;
  return null;
}

export function urlTooLongMessage(length: number): string {
  return `The address is too long: at most ${formatCount(MAX_URL_CHARS)} characters (current: ${formatCount(length)})`;
}

/**
 * The Web page tab's checks (API.md round 3): an http or https address of at most 2,048
 * characters. The server decides whether it may fetch it (a private address is refused there).
 * Null when the address may be sent.
 */
export function checkUrl(address: string): string | null {
  const url = address.trim();
  if (url === '') return SUMMARIZE_MESSAGES.noUrl;
  if (url.length > MAX_URL_CHARS) return urlTooLongMessage(url.length);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return SUMMARIZE_MESSAGES.badUrl;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') {
    return SUMMARIZE_MESSAGES.badUrl;
  }
  return null;
}
