import { describe, expect, it } from 'vitest';
import { formatFileSize } from 'common/text';
import {
  SUMMARIZE_MESSAGES,
  checkContent,
  checkFile,
  checkUrl,
  contentTooLongMessage,
  contentTooShortMessage,
  wrongFileTypeMessage,
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
  it('accepts the documents and images the server reads, in any case', () => {
    expect(checkFile({ name: 'notes.txt', size: 10 })).toBeNull();
    expect(checkFile({ name: 'Report.DOCX', size: 10 })).toBeNull();
    expect(checkFile({ name: 'paper.Pdf', size: 10 })).toBeNull();
    expect(checkFile({ name: 'scan.JPEG', size: 10 })).toBeNull();
    expect(checkFile({ name: 'photo.webp', size: 10 })).toBeNull();
  });

  it('follows the types and size the server reads', () => {
    const limits = { fileTypes: ['.txt', '.docx'], maxFileBytes: 5 * 1024 * 1024 };
    expect(checkFile({ name: 'paper.pdf', size: 10 }, limits)).toBe(
      'Only .txt and .docx files are supported',
    );
    expect(checkFile({ name: 'notes.txt', size: 6 * 1024 * 1024 }, limits)).toBe(
      'The file is too large (6.00 MB). The maximum size is 5MB.',
    );
  });

  it('refuses other types, empty files and files over 10MB', () => {
    const wrongType = wrongFileTypeMessage([
      '.txt',
      '.docx',
      '.pdf',
      '.png',
      '.jpg',
      '.jpeg',
      '.webp',
    ]);
    expect(wrongType).toBe(
      'Only .txt, .docx, .pdf, .png, .jpg, .jpeg and .webp files are supported',
    );
    expect(checkFile({ name: 'paper.rtf', size: 10 })).toBe(wrongType);
    expect(checkFile({ name: 'txt', size: 10 })).toBe(wrongType);
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

describe('checkUrl', () => {
  it('accepts http and https addresses', () => {
    expect(checkUrl('https://example.com/article')).toBeNull();
    expect(checkUrl('  http://127.0.0.1:8080/page  ')).toBeNull();
  });

  it('asks for an address, and for a full http or https one', () => {
    expect(checkUrl('  ')).toBe(SUMMARIZE_MESSAGES.noUrl);
    expect(checkUrl('example.com')).toBe(SUMMARIZE_MESSAGES.badUrl);
    expect(checkUrl('ftp://example.com/file')).toBe(SUMMARIZE_MESSAGES.badUrl);
    expect(checkUrl('javascript:alert(1)')).toBe(SUMMARIZE_MESSAGES.badUrl);
  });

  it('refuses an address over 2,048 characters', () => {
    const long = `https://example.com/${'a'.repeat(2029)}`;
    expect(long).toHaveLength(2049);
    expect(checkUrl(long)).toBe(
      'The address is too long: at most 2,048 characters (current: 2,049)',
    );
    expect(checkUrl(long.slice(0, 2048))).toBeNull();
  });
});
