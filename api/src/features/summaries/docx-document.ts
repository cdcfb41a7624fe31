import {
  AlignmentType,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  TextRun,
} from 'docx';

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
  blocks: { kind: 'paragraph' | 'bullet'; text: string }[];
}

/** Characters XML 1.0 (and so Word) cannot hold. */
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/gu;
const BULLETS_REFERENCE = 'summary-bullets';

function docxText(text: string): string {
  return text.replace(XML_FORBIDDEN, '');
}

/** The .docx file of `content`. */
export async function packDocx(content: DocxContent): Promise<Uint8Array<ArrayBuffer>> {
  const document = new Document({
    creator: 'Brevity',
    title: docxText(content.title),
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
          ...content.blocks.map((block) =>
            block.kind === 'bullet'
              ? new Paragraph({
                  text: docxText(block.text),
                  numbering: { reference: BULLETS_REFERENCE, level: 0 },
                })
              : new Paragraph({ text: docxText(block.text) }),
          ),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
