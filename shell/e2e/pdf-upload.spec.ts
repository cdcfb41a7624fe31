import { buildScannedPdf, buildTextPdf } from './support/pdf-file';
import { expect, test } from './support/portal.fixture';
import { creditsOnServer, registerThroughApi, summaryCountOnServer } from './support/summaries-api';
import type { CreatedSummaryBody } from './support/summaries-api';

/*
 * PDF uploads against the production build (the API's bundle reads files in worker threads of
 * its own bundle): a text PDF is summarized from its text layer, a scanned one of noise (no text
 * even by OCR, issue 27) is refused with
 * 422 NO_TEXT and costs nothing. The file tab's journey belongs to the summarize page's specs.
 */

const HEADER = 'Harbour Authority Bulletin';
const PAGES = [
  {
    paragraphs: [
      [
        'Lighthouses guided ships along dangerous coasts for centuries, their keepers',
        'trimming wicks and winding clockwork through the night. Engineers kept infor-',
        'mation about every lamp.',
      ],
    ],
  },
  { paragraphs: [['Today most lights run on their own, watched from a distant office.']] },
];
const TEXT =
  'Lighthouses guided ships along dangerous coasts for centuries, their keepers trimming wicks ' +
  'and winding clockwork through the night. Engineers kept information about every lamp.\n\n' +
  'Today most lights run on their own, watched from a distant office.';

test('a text PDF is summarized from its text layer, without its header and page numbers', async ({
  request,
}) => {
  const session = await registerThroughApi(request, 'pdf-text');
  const response = await request.post('/api/summaries/upload', {
    headers: { Authorization: `Bearer ${session.token}` },
    multipart: {
      file: {
        name: 'bulletin.pdf',
        mimeType: 'application/pdf',
        buffer: buildTextPdf(PAGES, HEADER),
      },
    },
  });
  expect(response.status()).toBe(201);
  const { summary, updatedCredits } = ((await response.json()) as CreatedSummaryBody).data;
  expect(summary).toMatchObject({ source: 'pdf', fileName: 'bulletin.pdf', originalContent: TEXT });
  expect(updatedCredits).toBe(4);
});

test('a scanned PDF with no text to find, even by OCR, is refused with 422 NO_TEXT and costs nothing', async ({
  request,
}) => {
  const session = await registerThroughApi(request, 'pdf-scan');
  const response = await request.post('/api/summaries/upload', {
    headers: { Authorization: `Bearer ${session.token}` },
    multipart: {
      file: { name: 'scan.pdf', mimeType: 'application/pdf', buffer: buildScannedPdf(2) },
    },
  });
  expect(response.status()).toBe(422);
  expect(await response.json()).toEqual({
    success: false,
    code: 'NO_TEXT',
    message:
      'This PDF has no readable text: it has no text layer, and no text was found on its scanned pages. Try a sharper scan, or paste the text.',
  });
  expect(await creditsOnServer(request, session)).toBe(5);
  expect(await summaryCountOnServer(request, session)).toBe(0);
});
