import {
  AlignmentType,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  TextRun,
} from 'docx';
import type { SummaryRecord } from '../../db/summaries.repository';
import type { ExportFormat } from './summaries.schemas';

/*
 * GET /api/summaries/:id/export: a summary as a file to download. .txt is the summary's plain
 * text; .md and .docx add a title, the date, the model and the compression, and keep bullet
 * items as list items (a real numbered-list paragraph in Word, using the `docx` package).
 */

export interface ExportedFile {
  body: Uint8Array<ArrayBuffer> | string;
  contentType: string;
  /** The whole Content-Disposition header value. */
  disposition: string;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const BULLET_LINE = /^\s*[-*•]\s+/u;
/** Characters XML 1.0 (and so Word) cannot hold. */
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/gu;
const BULLETS_REFERENCE = 'summary-bullets';

/** A summary's text as blocks: paragraphs and bullet items, blank lines dropped. */
export function summaryBlocks(text: string): { kind: 'paragraph' | 'bullet'; text: string }[] {
  return text
    .split(/\r?\n/u)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) =>
      BULLET_LINE.test(line)
        ? { kind: 'bullet' as const, text: line.replace(BULLET_LINE, '') }
        : { kind: 'paragraph' as const, text: line },
    );
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The document's title: the file it came from, when it came from one. */
export function exportTitle(summary: SummaryRecord): string {
  return summary.file_name === null ? 'Summary' : `Summary of ${summary.file_name}`;
}

function metadataLines(summary: SummaryRecord): string[] {
  return [
    `Date: ${isoDate(summary.created_at)}`,
    `Model: ${summary.ai_model}`,
    `Compression: ${summary.compression_ratio}% (${summary.original_word_count} words to ${summary.summary_word_count})`,
  ];
}

/**
 * The download's file name: the uploaded file's name without its extension (or `summary`)
 * and the date, e.g. `report-summary-2026-11-22.docx`; an ASCII `filename` for old clients
 * and the UTF-8 `filename*` beside it.
 */
export function exportDisposition(summary: SummaryRecord, format: ExportFormat): string {
  const stem = (summary.file_name ?? '')
    .replace(/\.[^.]*$/u, '')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .trim()
    .replace(/\s+/gu, '-')
    .slice(0, 80);
  const name = `${stem === '' ? '' : `${stem}-`}summary-${isoDate(summary.created_at)}.${format}`;
  const ascii = name.replace(/[^\x20-\x7e]/gu, '_').replace(/[";\\%]/gu, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function toText(summary: SummaryRecord): string {
  return `${summary.summarized_content.trim()}\n`;
}

function toMarkdown(summary: SummaryRecord): string {
  // Bullet items follow each other line by line; anything else stands apart (a blank line).
  let body = '';
  let previousKind: 'paragraph' | 'bullet' | null = null;
  for (const block of summaryBlocks(summary.summarized_content)) {
    const line = block.kind === 'bullet' ? `- ${block.text}` : block.text;
    if (previousKind !== null)
      body += block.kind === 'bullet' && previousKind === 'bullet' ? '\n' : '\n\n';
    body += line;
    previousKind = block.kind;
  }
  const metadata = metadataLines(summary)
    .map((line) => `_${line}_  `)
    .join('\n');
  return `# ${exportTitle(summary)}\n\n${metadata}\n\n${body}\n`;
}

function docxText(text: string): string {
  return text.replace(XML_FORBIDDEN, '');
}

async function toDocx(summary: SummaryRecord): Promise<Uint8Array<ArrayBuffer>> {
  const document = new Document({
    creator: 'Brevity',
    title: docxText(exportTitle(summary)),
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
          new Paragraph({ text: docxText(exportTitle(summary)), heading: HeadingLevel.TITLE }),
          ...metadataLines(summary).map(
            (line) =>
              new Paragraph({ children: [new TextRun({ text: docxText(line), italics: true })] }),
          ),
          new Paragraph({ text: 'Summary', heading: HeadingLevel.HEADING_1 }),
          ...summaryBlocks(summary.summarized_content).map((block) =>
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

/** The summary as a .txt, .md or .docx download. */
export async function exportSummary(
  summary: SummaryRecord,
  format: ExportFormat,
): Promise<ExportedFile> {
  let body: Uint8Array<ArrayBuffer> | string;
  if (format === 'docx') body = await toDocx(summary);
  else if (format === 'md') body = toMarkdown(summary);
  else body = toText(summary);
  return {
    body,
    contentType: CONTENT_TYPES[format],
    disposition: exportDisposition(summary, format),
  };
}
