import { describe, expect, it } from 'vitest';
import { documentAnswer } from '../test/document-answer';
import { DOCX_LIMITS, extractDocxText } from './docx-text';
import { scanDocumentXml } from './document-xml-scan';
import {
  buildDocxOfBody,
  buildParagraphBombDocx,
  documentXmlOfBody,
  tinyParagraphs,
} from '../test/zip-builder';

function scan(body: string, maxDepth = 256) {
  return scanDocumentXml(Buffer.from(documentXmlOfBody(body), 'utf8'), { maxDepth });
}

/** `count` copies of an empty element carrying a pseudo-random revision id, as Word writes them. */
function elementsWithIds(name: string, count: number): string {
  let seed = 7;
  return Array.from({ length: count }, () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return `<${name} w:rsidR="${seed.toString(16).padStart(8, '0')}"/>`;
  }).join('');
}

async function failure(run: () => Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await run();
  } catch (error) {
    const answer = documentAnswer(error);
    if (answer) {
      return {
        status: answer.status,
        code: answer.code,
        message: answer.message,
        errors: answer.errors,
      };
    }
    throw error;
  }
  throw new Error('expected a DocumentError');
}

describe('scanDocumentXml', () => {
  it('counts elements, paragraphs and the visible text mammoth will output', () => {
    const tally = scan(
      '<w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:r><w:t xml:space="preserve"> Rivers &amp; deltas </w:t></w:r></w:p>' +
        '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Ça 😀&#x41;&#32;b</w:t></w:r></w:p></w:tc></w:tr></w:tbl>',
    );
    // "Rivers&deltas" is 13, "Ça😀Ab" is 5: spaces (also &#32;) do not count, 😀 is one.
    expect(tally).toEqual({
      elements: 13,
      paragraphs: 2,
      textCharacters: 18,
      tooDeep: false,
      doctype: false,
    });
  });

  it('leaves out what mammoth leaves out: deletions, moved-from text, mc:Choice, unknown elements, deleted rows', () => {
    const tally = scan(
      '<w:p><w:del><w:r><w:delText>gone</w:delText></w:r></w:del>' +
        '<w:moveFrom><w:r><w:t>moved</w:t></w:r></w:moveFrom>' +
        '<mc:AlternateContent><mc:Choice><w:r><w:t>choice</w:t></w:r></mc:Choice>' +
        '<mc:Fallback><w:r><w:t>kept</w:t></w:r></mc:Fallback></mc:AlternateContent>' +
        '<w:unknown><w:r><w:t>hidden</w:t></w:r></w:unknown>' +
        '<w:ins><w:r><w:t>added</w:t></w:r></w:ins></w:p>' +
        '<w:tbl><w:tr><w:trPr><w:del/></w:trPr><w:tc><w:p><w:r><w:t>deleted row</w:t></w:r></w:p></w:tc></w:tr></w:tbl>' +
        '<!-- <w:t>comment</w:t> --><w:p><w:r><w:t><![CDATA[cdata]]></w:t></w:r></w:p>',
    );
    expect(tally.textCharacters).toBe('kept'.length + 'added'.length + 'cdata'.length);
  });

  it('stops at the depth limit and notices a DOCTYPE', () => {
    const deep = `${'<w:customXml>'.repeat(300)}${'</w:customXml>'.repeat(300)}`;
    expect(scan(deep).tooDeep).toBe(true);
    expect(scan(deep, 400).tooDeep).toBe(false);
    const withDoctype = Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaa">]><w:document/>',
    );
    expect(scanDocumentXml(withDoctype, { maxDepth: 10 }).doctype).toBe(true);
  });

  it('never throws on malformed XML: mammoth judges it', () => {
    for (const broken of [
      '<w:p><w:r',
      '<w:t>open text',
      '<!-- never closed',
      '<w:p a="unclosed>',
    ]) {
      expect(() => scanDocumentXml(Buffer.from(broken), { maxDepth: 10 })).not.toThrow();
    }
  });
});

describe('the .docx scan before mammoth', () => {
  it('refuses the DOM bomb quickly, before mammoth, naming the field file', async () => {
    const bomb = buildParagraphBombDocx();
    const started = performance.now();
    const answer = await failure(() => extractDocxText(bomb));
    const elapsed = performance.now() - started;
    console.info(
      `DOM bomb (${bomb.length} bytes) refused by the scan in ${Math.round(elapsed)} ms`,
    );
    const message = 'Content exceeds maximum 500,000 characters (current: at least 520000)';
    expect(answer).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message,
      errors: [{ field: 'file', message }],
    });
    expect(elapsed).toBeLessThan(3_000);
  });

  it('refuses absurd structure without text: too many paragraphs, elements or levels', async () => {
    const tooComplex = {
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message:
        'The .docx file is too complex to read (more than 200,000 XML elements or nested too deeply)',
      errors: undefined,
    };
    expect(
      await failure(() =>
        extractDocxText(buildDocxOfBody(elementsWithIds('w:p', DOCX_LIMITS.maxParagraphs + 1))),
      ),
    ).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The .docx file has too many paragraphs to read (more than 50,000)',
      errors: undefined,
    });
    expect(
      await failure(() =>
        extractDocxText(
          buildDocxOfBody(`<w:p>${elementsWithIds('w:r', DOCX_LIMITS.maxElements)}</w:p>`),
        ),
      ),
    ).toEqual(tooComplex);
    const deep = `${'<w:customXml>'.repeat(300)}${'</w:customXml>'.repeat(300)}`;
    expect(await failure(() => extractDocxText(buildDocxOfBody(deep)))).toEqual(tooComplex);
  });

  it('lets a document under the limits through to mammoth', async () => {
    const text = await extractDocxText(buildDocxOfBody(tinyParagraphs(2_000, 3)));
    expect(text.trim().split('\n\n')).toHaveLength(2_000);
  });
});
