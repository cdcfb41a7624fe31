import type { HeadingHint } from '../lib/document-sections';
import { DOCX_LIMITS } from './docx-text';
import { inflateZipEntry, readZipDirectory } from './zip-archive';

/*
 * The headings of a .docx (issue 28, `sections`): its paragraphs set in a heading style
 * ("Heading 1" to "Heading 6", "Title") or given an outline level, directly or through the
 * style they are based on. Read from word/document.xml and word/styles.xml with plain scans
 * (the archive has been checked by checkDocxArchive and its XML by checkDocumentXml before this
 * runs); the titles are found in the text mammoth made by lib/document-sections.ts.
 */

interface StyleInfo {
  name: string;
  basedOn: string | null;
  outlineLevel: number | null;
}

// An empty paragraph (`<w:p w:rsidR="…"/>`) opens nothing.
const PARAGRAPH = /<w:p(?:\s[^>]*)?(?<!\/)>([\s\S]*?)<\/w:p>/gu;
const STYLE = /<w:style\b[^>]*\bw:styleId="([^"]*)"[^>]*>([\s\S]*?)<\/w:style>/gu;
const TEXT_OR_TAB = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>/gu;

function attribute(xml: string, element: string): string | null {
  const match = new RegExp(`<w:${element}\\b[^>]*\\bw:val="([^"]*)"`, 'u').exec(xml);
  return match ? (match[1] as string) : null;
}

function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/giu, (entity, name: string) => {
    switch (name.toLowerCase()) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
      default: {
        const code =
          name.startsWith('#x') || name.startsWith('#X')
            ? Number.parseInt(name.slice(2), 16)
            : Number.parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
    }
  });
}

function readStyles(xml: string): Map<string, StyleInfo> {
  const styles = new Map<string, StyleInfo>();
  for (const match of xml.matchAll(STYLE)) {
    const body = match[2] as string;
    const outline = attribute(body, 'outlineLvl');
    styles.set(match[1] as string, {
      name: attribute(body, 'name') ?? '',
      basedOn: attribute(body, 'basedOn'),
      outlineLevel: outline === null ? null : Number.parseInt(outline, 10),
    });
  }
  return styles;
}

/** 1–6 for a heading style or outline level 0–5; null for body text (outline level 9). */
function levelOfStyle(id: string, styles: Map<string, StyleInfo>): number | null {
  let current: string | null = id;
  // Styles are based on styles; a loop in a hostile file ends after a few steps.
  for (let step = 0; current !== null && step < 10; step++) {
    const style = styles.get(current);
    const name = (style?.name ?? current).replace(/\s+/gu, '').toLowerCase();
    const numbered = /^heading([1-6])$/u.exec(name) ?? /^heading([1-6])$/iu.exec(current);
    if (numbered) return Number(numbered[1]);
    if (name === 'title' || current.toLowerCase() === 'title') return 1;
    if (style?.outlineLevel !== null && style?.outlineLevel !== undefined) {
      return style.outlineLevel >= 0 && style.outlineLevel <= 5 ? style.outlineLevel + 1 : null;
    }
    current = style?.basedOn ?? null;
  }
  return null;
}

/**
 * The heading paragraphs of a checked .docx, in order, with their levels. A document without
 * any (or whose parts cannot be read again) has none: headings are an extra, never a failure.
 */
export function docxHeadings(archive: Buffer): HeadingHint[] {
  let documentXml = '';
  let stylesXml = '';
  try {
    for (const entry of readZipDirectory(archive, DOCX_LIMITS)) {
      if (entry.name === 'word/document.xml')
        documentXml = inflateZipEntry(archive, entry).toString('utf8');
      if (entry.name === 'word/styles.xml')
        stylesXml = inflateZipEntry(archive, entry).toString('utf8');
    }
  } catch {
    return [];
  }
  const styles = readStyles(stylesXml);
  const headings: HeadingHint[] = [];
  for (const paragraph of documentXml.matchAll(PARAGRAPH)) {
    const body = paragraph[1] as string;
    const properties = /<w:pPr>([\s\S]*?)<\/w:pPr>/u.exec(body)?.[1] ?? '';
    const outline = attribute(properties, 'outlineLvl');
    const styleId = attribute(properties, 'pStyle');
    let level: number | null = null;
    if (outline !== null) {
      const value = Number.parseInt(outline, 10);
      level = value >= 0 && value <= 5 ? value + 1 : null;
    } else if (styleId !== null) {
      level = levelOfStyle(styleId, styles);
    }
    if (level === null) continue;
    let title = '';
    for (const run of body.matchAll(TEXT_OR_TAB))
      title += run[1] === undefined ? '\t' : decodeXml(run[1]);
    if (title.trim() !== '') headings.push({ title, level });
  }
  return headings;
}
