import { expect, test } from './support/portal.fixture';
import { registerThroughApi, startSignedIn } from './support/summaries-api';
import { generateFromText, originalBox, resultCard, summarySentences } from './support/workbench';
import {
  STRUCTURED_ABSTRACT,
  STRUCTURED_ABSTRACT_RESULT,
  TRANSIT_DISTRICTS,
  TRANSIT_REPORT,
} from '../../api/src/test/reader-documents';

/*
 * Quick Summaries a reader would write (issue 25), against the production build with the local
 * summarizer: a long summary of a report with ten parallel sections draws on every one of them,
 * and the TL;DR of a structured abstract gives its finding, not its background.
 */

test('a Long summary of the ten-district report has every district in its sources', async ({
  page,
  request,
}) => {
  await startSignedIn(page, await registerThroughApi(request, 'qs-report'));
  await page.goto('/summarize');
  const summary = await generateFromText(page, TRANSIT_REPORT, 'long', 'paragraph');
  const sources = summary.sourceMap.flatMap((entry) =>
    entry.sources.map((span) => summary.originalContent.slice(span.start, span.end)),
  );
  for (const district of TRANSIT_DISTRICTS) {
    expect(
      sources.some((source) => source.includes(district)),
      `${district} is in the sources`,
    ).toBe(true);
  }
  // The card shows each of them, and marks its source in the original.
  const result = resultCard(page);
  await expect(summarySentences(result)).toHaveCount(summary.sourceMap.length);
  for (const district of TRANSIT_DISTRICTS) {
    await expect(summarySentences(result).filter({ hasText: district }).first()).toBeVisible();
    await expect(
      originalBox(result).locator('mark.ru-source--used').filter({ hasText: district }).first(),
    ).toBeAttached();
  }
});

test('the TL;DR of a structured abstract shows its result', async ({ page, request }) => {
  await startSignedIn(page, await registerThroughApi(request, 'qs-abstract'));
  await page.goto('/summarize');
  const summary = await generateFromText(page, STRUCTURED_ABSTRACT, 'medium', 'tldr');
  expect(summary.sourceMap).toHaveLength(1);
  const result = resultCard(page);
  const finding = /Results: Over 12 months|Conclusions: A tablet-guided home balance programme/u;
  await expect(summarySentences(result)).toHaveCount(1);
  await expect(summarySentences(result).first()).toHaveText(finding);
  await expect(summarySentences(result).first()).not.toContainText('Background:');
  // The finding the reader wanted: the fall rate fell by a third.
  expect(summary.summarizedContent).toMatch(
    new RegExp(
      `${STRUCTURED_ABSTRACT_RESULT.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}|reduced the rate of falls by one third`,
      'u',
    ),
  );
});
