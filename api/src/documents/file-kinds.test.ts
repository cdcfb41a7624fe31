import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_FILE_TYPES,
  fileKindOfName,
  isFileKind,
  UNSUPPORTED_FILE_MESSAGE,
  uploadKindOfName,
} from './file-kinds';

describe('file kinds', () => {
  it('derives the accepted extensions and the refusal from the one list', () => {
    expect(ACCEPTED_FILE_TYPES).toEqual([
      '.txt',
      '.docx',
      '.pdf',
      '.png',
      '.jpg',
      '.jpeg',
      '.webp',
    ]);
    expect(UNSUPPORTED_FILE_MESSAGE).toBe(
      'Only .txt, .docx, .pdf, .png, .jpg, .jpeg and .webp files are supported',
    );
  });

  it('reads the kind from the last extension, in any case', () => {
    expect(fileKindOfName('notes.txt')).toBe('txt');
    expect(fileKindOfName('Report.DOCX')).toBe('docx');
    expect(fileKindOfName('archive.tar.Pdf')).toBe('pdf');
    expect(fileKindOfName('.txt')).toBe('txt');
  });

  it('reads a photo or scan as an image, by any of its extensions', () => {
    for (const name of ['scan.png', 'photo.JPG', 'photo.jpeg', 'page.WebP']) {
      expect(uploadKindOfName(name)).toBe('image');
      expect(fileKindOfName(name)).toBeNull();
    }
    expect(uploadKindOfName('notes.pdf')).toBe('pdf');
    expect(uploadKindOfName('notes.gif')).toBeNull();
  });

  it('knows no other name', () => {
    for (const name of ['notes', 'notes.', 'notes.doc', 'notes.txt.exe', 'pdf', 'notes.pdf.']) {
      expect(fileKindOfName(name)).toBeNull();
    }
    expect(isFileKind('pdf')).toBe(true);
    expect(isFileKind('png')).toBe(false);
    expect(isFileKind('text')).toBe(false);
    expect(isFileKind(undefined)).toBe(false);
  });
});
