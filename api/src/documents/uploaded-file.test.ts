import { afterAll, describe, expect, it } from 'vitest';
import { documentAnswer } from '../test/document-answer';
import { createTestConfig } from '../test/test-app';
import { extractDocxText } from './docx-text';
import { FileExtractionPool } from './file-extraction-pool';
import { decodeTextFile } from './text-file';
import { readUploadedFile, sanitizeFileName } from './uploaded-file';
import { buildDocx, buildZip, docxEntries } from '../test/zip-builder';

const UNSUPPORTED = 'Only .txt, .docx, .pdf, .png, .jpg, .jpeg and .webp files are supported';
const pool = new FileExtractionPool(createTestConfig().extraction);

afterAll(() => pool.close());

async function failure(
  run: () => unknown,
): Promise<{ status: number; code: string; message: string }> {
  try {
    await run();
  } catch (error) {
    const answer = documentAnswer(error);
    if (answer) return { status: answer.status, code: answer.code, message: answer.message };
    throw error;
  }
  throw new Error('expected a DocumentError');
}

describe('sanitizeFileName', () => {
  it('keeps the last path segment and drops control and direction-override characters', () => {
    expect(sanitizeFileName('C:\\fakepath\\report.txt')).toBe('report.txt');
    expect(sanitizeFileName('../etc/passwd.txt')).toBe('passwd.txt');
    expect(sanitizeFileName('evil\u202Etxt.docx')).toBe('eviltxt.docx');
    expect(sanitizeFileName('  my\tnotes\n  final .txt ')).toBe('my notes final .txt');
    expect(sanitizeFileName('bad\ud800name.txt')).toBe('badname.txt');
    expect(sanitizeFileName('Résumé 😀.docx')).toBe('Résumé 😀.docx');
  });

  it('shortens a long name to 255 code points, keeping the extension', () => {
    const name = sanitizeFileName(`${'😀'.repeat(300)}.docx`);
    expect([...name]).toHaveLength(255);
    expect(name.endsWith('😀.docx')).toBe(true);
  });
});

describe('decodeTextFile', () => {
  it('decodes UTF-8 and drops a byte order mark', () => {
    expect(decodeTextFile(Buffer.from('\uFEFFHello, wörld 😀', 'utf8'))).toBe('Hello, wörld 😀');
  });

  it('refuses text that is not UTF-8 with a message saying so', async () => {
    const latin1 = Buffer.from('Caf\xe9 cr\xe8me', 'latin1');
    expect(await failure(() => decodeTextFile(latin1))).toEqual({
      status: 415,
      code: 'UNSUPPORTED_FILE_TYPE',
      message: 'The text file is not UTF-8. Please save it as UTF-8 and try again.',
    });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Hello there', 'utf16le')]);
    expect((await failure(() => decodeTextFile(utf16))).message).toMatch(/not UTF-8/);
  });

  it('refuses binary content as not a supported file', async () => {
    const expected = {
      status: 415,
      code: 'UNSUPPORTED_FILE_TYPE',
      message: UNSUPPORTED,
    };
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const pdf = Buffer.from('%PDF-1.7\n% plain ascii pdf body\n', 'latin1');
    const doc = Buffer.from('d0cf11e0a1b11ae1000000000000', 'hex');
    const nul = Buffer.from('text with a \u0000 byte', 'utf8');
    for (const bytes of [png, pdf, doc, nul, buildDocx(['a docx renamed to .txt'])]) {
      expect(await failure(() => decodeTextFile(bytes))).toEqual(expected);
    }
  });
});

describe('extractDocxText', () => {
  it('reads the paragraphs of a real .docx', async () => {
    const text = await extractDocxText(buildDocx(['First paragraph & more.', 'Second <one>.']));
    expect(text.trim()).toBe('First paragraph & more.\n\nSecond <one>.');
  });

  it('refuses a ZIP that is not a WordprocessingML package', async () => {
    const noDocument = buildZip(
      docxEntries(['x']).filter((entry) => entry.name !== 'word/document.xml'),
    );
    const noContentTypes = buildZip(
      docxEntries(['x']).filter((entry) => entry.name !== '[Content_Types].xml'),
    );
    for (const archive of [noDocument, noContentTypes, buildZip([{ name: 'a.txt', data: 'hi' }])]) {
      expect(await failure(() => extractDocxText(archive))).toEqual({
        status: 415,
        code: 'UNSUPPORTED_FILE_TYPE',
        message: UNSUPPORTED,
      });
    }
  });

  it('refuses an XML part over 10 MB even within the total', async () => {
    const entries = docxEntries(['x']);
    const big = { name: 'word/styles.xml', data: `<a>${' '.repeat(11 * 1024 * 1024)}</a>` };
    expect(await failure(() => extractDocxText(buildZip([...entries, big])))).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('refuses an entry whose bytes do not match its checksum before mammoth sees it', async () => {
    const entries = docxEntries(['hello']).map((entry) =>
      entry.name === 'word/document.xml' ? { ...entry, declaredCrc32: 1 } : entry,
    );
    expect(await failure(() => extractDocxText(buildZip(entries)))).toEqual({
      status: 415,
      code: 'UNSUPPORTED_FILE_TYPE',
      message: 'The .docx file is damaged or incomplete',
    });
  });

  it('answers 415 when mammoth cannot read a package that passed the ZIP checks', async () => {
    const entries = docxEntries(['x']).map((entry) =>
      entry.name === 'word/document.xml' ? { ...entry, data: '<w:document><unclosed' } : entry,
    );
    expect(await failure(() => extractDocxText(buildZip(entries)))).toMatchObject({ status: 415 });
  });
});

describe('readUploadedFile', () => {
  it('judges the name: only .txt, .docx and .pdf (images are read by OCR), in any case', async () => {
    const text = 'Some text that is long enough to matter for this unit test of names.';
    expect(await readUploadedFile(new File([text], 'notes.TXT'), pool)).toEqual({
      text,
      source: 'txt',
      fileName: 'notes.TXT',
    });
    // notes.pdf passes the name check, then the content check refuses it: text is no PDF.
    for (const name of ['notes.pdf', 'notes.txt.exe', 'notes', 'notes.doc', '.docx.zip', 'a.png']) {
      expect(await failure(() => readUploadedFile(new File([text], name), pool))).toMatchObject({
        status: 415,
        message: UNSUPPORTED,
      });
    }
  });

  it('refuses a file over 10 MB by its size', async () => {
    const file = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.txt');
    expect(await failure(() => readUploadedFile(file, pool))).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File exceeds the 10MB limit',
    });
  });
});
