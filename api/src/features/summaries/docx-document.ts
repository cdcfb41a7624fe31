import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  FootnoteReferenceRun,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  TextRun,
} from 'docx';
import type { CitedPart, SourceCredit } from './summary-citations';

/*
 * A summary's .docx, built and packed with the `docx` package. This runs in the docx thread
 * (src/docx-thread.ts, started by docx-packer.ts): for a long summary, building the document
 * and zipping it held the event loop for hundreds of milliseconds (issue 24).
 */

/** What a .docx export shows, prepared on the main thread (plain data, so it can be posted). */
export interface DocxContent {
  title: string;
  /** Date, model, compression: one italic line each. */
  metadata: string[];
  blocks: DocxBlock[];
  /** With citations: the footnotes' texts (`footnotes[0]` is footnote 1) and the source. */
  citations?: { footnotes: string[]; source: SourceCredit };
}

export interface DocxBlock {
  kind: 'paragraph' | 'bullet';
  text: string;
  /** With citations: the text cut after each sentence, with the number of its footnote. */
  parts?: CitedPart[];
}

/** Characters XML 1.0 (and so Word) cannot hold. */
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/gu;
const BULLETS_REFERENCE = 'summary-bullets';

function docxText(text: string): string {
  return text.replace(XML_FORBIDDEN, '');
}

function blockParagraph(block: DocxBlock): Paragraph {
  const numbering =
    block.kind === 'bullet' ? { numbering: { reference: BULLETS_REFERENCE, level: 0 } } : {};
  if (block.parts === undefined) return new Paragraph({ text: docxText(block.text), ...numbering });
  return new Paragraph({
    children: block.parts.flatMap((part) => [
      new TextRun(docxText(part.text)),
      ...(part.note === null ? [] : [new FootnoteReferenceRun(part.note)]),
    ]),
    ...numbering,
  });
}

/** The closing "Source" heading and line: a page's title and address, or a file's name. */
function sourceParagraphs(source: SourceCredit): Paragraph[] {
  const children: (TextRun | ExternalHyperlink)[] = [];
  if (source.title !== null) children.push(new TextRun(docxText(source.title)));
  if (source.url !== null) {
    if (children.length > 0) children.push(new TextRun(', '));
    children.push(
      new ExternalHyperlink({
        link: source.url,
        children: [new TextRun({ text: docxText(source.url), style: 'Hyperlink' })],
      }),
    );
  }
  return [
    new Paragraph({ text: 'Source', heading: HeadingLevel.HEADING_1 }),
    new Paragraph({ children }),
  ];
}

function footnotesOf(footnotes: readonly string[]): Record<string, { children: Paragraph[] }> {
  return Object.fromEntries(
    footnotes.map((text, index) => [
      String(index + 1),
      { children: [new Paragraph(docxText(text))] },
    ]),
  );
}

/** The .docx file of `content`. */
export async function packDocx(content: DocxContent): Promise<Uint8Array<ArrayBuffer>> {
  const document = new Document({
    creator: 'Brevity',
    title: docxText(content.title),
    ...(content.citations ? { footnotes: footnotesOf(content.citations.footnotes) } : {}),
    numbering: {
      config: [
        {
          reference: BULLETS_REFERENCE,
          levels: [
            {
              level: 0,
              format: LevelFormat.BULLET,
              text: '\u2022',
              alignment: AlignmentType.LEFT,
              style: { paragraph: { indent: { left: 720, hanging: 360 } } },
            },
          ],
        },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({ text: docxText(content.title), heading: HeadingLevel.TITLE }),
          ...content.metadata.map(
            (line) =>
              new Paragraph({ children: [new TextRun({ text: docxText(line), italics: true })] }),
          ),
          new Paragraph({ text: 'Summary', heading: HeadingLevel.HEADING_1 }),
          ...content.blocks.map(blockParagraph),
          ...(content.citations ? sourceParagraphs(content.citations.source) : []),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
