import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatFileDateTime } from 'common/date-format';
import { makeSummary } from '../../testing/summary-fixtures';
import {
  downloadSummary,
  summaryAsMarkdown,
  summaryAsText,
  summaryFileName,
} from './summary-files';

const objectUrlApi = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };

afterEach(() => {
  // jsdom has no object URLs: the test installs its own and this puts things back.
  Object.assign(URL, objectUrlApi);
});

describe('summary downloads', () => {
  const summary = makeSummary({
    summarizedContent: '- First point\n- Second point',
    originalWordCount: 1200,
    summaryWordCount: 150,
    compressionRatio: 88,
    processingTime: 1534,
    aiModel: 'gemini-1.5-flash',
    regenerationCount: 1,
    customPrompt: 'Use bullet points',
    fileName: 'report.docx',
    createdAt: '2026-03-10T09:00:00.000Z',
  });

  it('names the file by date and version', () => {
    expect(summaryFileName(summary, 'md')).toBe('brevity-summary-2026-03-10-v2.md');
    expect(summaryFileName(makeSummary(), 'txt')).toBe('brevity-summary-2026-03-10.txt');
  });

  it('the .txt holds the summary itself', () => {
    expect(summaryAsText(summary)).toBe('- First point\n- Second point\n');
  });

  it('the .md has a title, the metadata and the summary', () => {
    const markdown = summaryAsMarkdown(summary);
    expect(markdown.startsWith('# Summary of report.docx\n')).toBe(true);
    for (const line of [
      '- **Type:** AI Generated',
      '- **Model:** gemini-1.5-flash',
      '- **Version:** 2',
      '- **Original words:** 1,200',
      '- **Summary words:** 150',
      '- **Compression:** 88%',
      '- **Processing time:** 1,534 ms',
      '- **Custom prompt:** Use bullet points',
    ]) {
      expect(markdown).toContain(line);
    }
    expect(markdown).toContain('## Summary\n\n- First point\n- Second point\n');
    // Files write dates one way (docs/glossary.md "Files"): ISO 8601, in the reader's time.
    expect(markdown).toContain(
      `- **Created:** ${formatFileDateTime('2026-03-10T09:00:00.000Z')}\n`,
    );
    expect(markdown).toMatch(/^- \*\*Created:\*\* \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/mu);
  });

  it('downloads through a temporary object URL', async () => {
    const createObjectURL = vi.fn((blob: Blob) => {
      expect(blob.type).toBe('text/markdown;charset=utf-8');
      return 'blob:summary';
    });
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    downloadSummary(summary, 'md');
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('brevity-summary-2026-03-10-v2.md');
    expect(document.querySelector('a[download]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:summary');
  });
});
