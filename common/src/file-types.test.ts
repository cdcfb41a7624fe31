import type { InferResponseType } from 'hono/client';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { api } from './api-client';
import type { DefaultFileType } from './file-types';
import {
  DEFAULT_FILE_TYPES,
  DEFAULT_FILE_TYPES_TEXT,
  describeFileTypes,
  fileExtension,
} from './file-types';

/** An extension GET /api/config may list, as the api's route types it. */
type ServerFileType = InferResponseType<typeof api.config.$get, 200>['data']['fileTypes'][number];

describe('file types', () => {
  it('lists every extension the server reads in the default list (checked by tsc)', () => {
    // The prerendered landing page states the default list: it must never leave out a type
    // the server reads. (That it names none the server does not read: landing.spec.ts.)
    expectTypeOf<ServerFileType>().toExtend<DefaultFileType>();
  });

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
