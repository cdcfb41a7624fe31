import { describe, expect, it } from 'vitest';
import { formatFileSize } from 'common/text';
import {
  SUMMARIZE_MESSAGES,
  checkContent,
  checkFile,
  contentTooLongMessage,
  contentTooShortMessage,
} from './content-rules';

describe('checkContent', () => {
  it('counts code points after trimming and formats the counter as current/maximum', () => {
    expect(checkContent('').counter).toBe('0/50,000');
    expect(checkContent('  héllo 👋  ').count).toBe(7);
    expect(checkContent('a'.repeat(1234)).counter).toBe('1,234/50,000');
  });

  it('is under the minimum below 50, with no alert until something is typed', () => {
    expect(checkContent('')).toMatchObject({ tooShort: true, valid: false, message: null });
    expect(checkContent('a'.repeat(49))).toMatchObject({
      tooShort: true,
      valid: false,
      message: 'Content must be at least 50 characters (current: 49)',
    });
    expect(checkContent('   ').message).toBe(contentTooShortMessage(0));
  });

  it('accepts 50 to 50,000 characters', () => {
    expect(checkContent('a'.repeat(50))).toMatchObject({ valid: true, message: null });
    expect(checkContent('a'.repeat(50_000))).toMatchObject({ valid: true, tooLong: false });
  });

  it('is exceeded over 50,000 characters', () => {
    expect(checkContent('a'.repeat(50_001))).toMatchObject({
      tooLong: true,
      valid: false,
      counter: '50,001/50,000',
      message: 'Content exceeds maximum 50,000 characters (current: 50001)',
    });
    expect(contentTooLongMessage(60_000)).toBe(
      'Content exceeds maximum 50,000 characters (current: 60000)',
    );
  });
});

describe('checkFile', () => {
  it('accepts .txt, .docx and .pdf in any case', () => {
    expect(checkFile({ name: 'notes.txt', size: 10 })).toBeNull();
    expect(checkFile({ name: 'Report.DOCX', size: 10 })).toBeNull();
    expect(checkFile({ name: 'paper.Pdf', size: 10 })).toBeNull();
  });

  it('refuses other types, empty files and files over 10MB', () => {
    expect(checkFile({ name: 'paper.rtf', size: 10 })).toBe(SUMMARIZE_MESSAGES.wrongFileType);
    expect(checkFile({ name: 'txt', size: 10 })).toBe(SUMMARIZE_MESSAGES.wrongFileType);
    expect(checkFile({ name: 'empty.txt', size: 0 })).toBe(SUMMARIZE_MESSAGES.emptyFile);
    expect(checkFile({ name: 'big.docx', size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkFile({ name: 'big.docx', size: 10 * 1024 * 1024 + 1 })).toBe(
      'The file is too large (10.00 MB). The maximum size is 10MB.',
    );
  });

  it('shows sizes in KB with 2 decimals', () => {
    expect(formatFileSize(12_636)).toBe('12.34 KB');
    expect(formatFileSize(512)).toBe('0.50 KB');
  });
});
