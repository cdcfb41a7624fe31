import { FileTextIcon, GlobeIcon, UploadIcon } from 'common/ui/icons';
import { FileSummaryForm } from './file-summary-form';
import type { SourceTab } from './source-form';
import { TextSummaryForm } from './text-summary-form';
import { UrlSummaryForm } from './url-summary-form';

/**
 * The tabs of /summarize, in their order: where a summary's source comes from. A new source is
 * one more entry (its form takes SourceFormProps), and its request one more SourceRequest.
 */
export const SOURCE_TABS: readonly SourceTab[] = [
  {
    id: 'text',
    label: 'Paste Text',
    Icon: FileTextIcon,
    Form: TextSummaryForm,
    again: ({ text }) => (text.trim() ? { source: 'text', content: text.trim() } : null),
  },
  {
    id: 'file',
    label: 'Upload File',
    Icon: UploadIcon,
    Form: FileSummaryForm,
    again: ({ file }) => (file ? { source: 'file', file } : null),
  },
  {
    id: 'url',
    label: 'Web page',
    Icon: GlobeIcon,
    // Only where the server reads web pages.
    offered: (config) => config.urlSources,
    Form: UrlSummaryForm,
    again: ({ url }) => (url.trim() ? { source: 'url', url: url.trim() } : null),
  },
];
