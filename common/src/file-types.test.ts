import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILE_TYPES,
  DEFAULT_FILE_TYPES_TEXT,
  describeFileTypes,
  fileExtension,
} from './file-types';

describe('file types', () => {
  it('states the default list in its plain-string copy', () => {
    expect(describeFileTypes(DEFAULT_FILE_TYPES)).toBe(DEFAULT_FILE_TYPES_TEXT);
  });

  it('lists one, two or more extensions as a sentence does', () => {
    expect(describeFileTypes([])).toBe('');
    expect(describeFileTypes(['.txt'])).toBe('.txt');
    expect(describeFileTypes(['.txt', '.docx'])).toBe('.txt or .docx');
    expect(describeFileTypes(['.txt', '.docx', '.pdf'], 'and')).toBe('.txt, .docx and .pdf');
  });

  it('reads the extension of a name in lower case', () => {
    expect(fileExtension('Scan.JPG')).toBe('.jpg');
    expect(fileExtension('notes')).toBe('');
  });
});
