import type { SummaryRecord } from '../../db/summaries.repository';
import { docxPacker } from './docx-packer';
import type { ExportFormat } from './summaries.schemas';
import { summaryCitations } from './summary-citations';
import type { CitedBlock, SourceCredit } from './summary-citations';

/*
 * GET /api/summaries/:id/export: a summary as a file to download. .txt is the summary's plain
 * text; .md and .docx add a title, the date, the model and the compression, and keep bullet
 * items as list items (a real numbered-list paragraph in Word, using the `docx` package).
 * With citations (the default, issue 28) each summary sentence of .md and .docx gets a note
 * quoting its sources (summary-citations.ts): `[^n]` footnotes in Markdown, real footnotes in
 * Word, and both end with the source. Without citations they are as before; .txt never has them.
 */

export interface ExportOptions {
  /** Notes after each sentence and the source at the end (.md and .docx). */
  citations: boolean;
}

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

/** The Markdown line of a citation's source: `Source: Title, <https://…>`. */
function markdownSource(source: SourceCredit): string {
  const parts = [source.title, source.url === null ? null : `<${source.url}>`].filter(
    (part): part is string => part !== null,
  );
  return `**Source:** ${parts.join(', ')}`;
}

function markdownText(block: CitedBlock): string {
  return block.parts
    .map((part) => (part.note === null ? part.text : `${part.text}[^${part.note}]`))
    .join('');
}

function toMarkdown(summary: SummaryRecord, options: ExportOptions): string {
  const blocks = summaryBlocks(summary.summarized_content);
  const citations = options.citations ? summaryCitations(summary, blocks) : null;
  // Bullet items follow each other line by line; anything else stands apart (a blank line).
  let body = '';
  let previousKind: 'paragraph' | 'bullet' | null = null;
  for (const [index, block] of blocks.entries()) {
    const cited = citations?.blocks[index];
    const text = cited === undefined ? block.text : markdownText(cited);
    const line = block.kind === 'bullet' ? `- ${text}` : text;
    if (previousKind !== null)
      body += block.kind === 'bullet' && previousKind === 'bullet' ? '\n' : '\n\n';
    body += line;
    previousKind = block.kind;
  }
  const metadata = metadataLines(summary)
    .map((line) => `_${line}_  `)
    .join('\n');
  const document = `# ${exportTitle(summary)}\n\n${metadata}\n\n${body}\n`;
  if (citations === null) return document;
  const notes = citations.notes.map((note, index) => `[^${index + 1}]: ${note}\n`).join('');
  return `${document}\n${markdownSource(citations.source)}\n${notes === '' ? '' : `\n${notes}`}`;
}

/** The .docx file, built and zipped off the event loop (docx-packer.ts). */
function toDocx(summary: SummaryRecord, options: ExportOptions): Promise<Uint8Array<ArrayBuffer>> {
  const blocks = summaryBlocks(summary.summarized_content);
  const content = { title: exportTitle(summary), metadata: metadataLines(summary), blocks };
  if (!options.citations) return docxPacker.pack(content);
  const citations = summaryCitations(summary, blocks);
  return docxPacker.pack({
    ...content,
    blocks: citations.blocks,
    citations: { footnotes: citations.notes, source: citations.source },
  });
}

/** The summary as a .txt, .md or .docx download. */
export async function exportSummary(
  summary: SummaryRecord,
  format: ExportFormat,
  options: ExportOptions = { citations: true },
): Promise<ExportedFile> {
  let body: Uint8Array<ArrayBuffer> | string;
  if (format === 'docx') body = await toDocx(summary, options);
  else if (format === 'md') body = toMarkdown(summary, options);
  else body = toText(summary);
  return {
    body,
    contentType: CONTENT_TYPES[format],
    disposition: exportDisposition(summary, format),
  };
}
