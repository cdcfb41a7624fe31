import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/portal.fixture';
import { ARTICLE } from './support/sample-texts';
import { apiResponse, registerThroughApi, startSignedIn } from './support/summaries-api';
import { generateFromText, originalBox, resultCard } from './support/workbench';

/*
 * Issue 29, "Ask the document", against the production build (the local summarizer answers):
 * two questions under the result card's source view, a citation that lights its sentence in the
 * original as a summary sentence does, and both questions still there after a reload.
 */

test.describe.configure({ timeout: 60_000 });

const ASK = 'Ask about this document';
const FRESNEL =
  'In 1822 the French physicist Augustin Fresnel designed a lens made of concentric rings of glass prisms.';

/** Asks `question` in `scope` and waits for the API's answer. */
async function ask(page: Page, scope: Locator, summaryId: string, question: string): Promise<void> {
  const answered = apiResponse(page, 'POST', `/api/summaries/${summaryId}/questions`);
  await scope.getByRole('textbox', { name: ASK }).fill(question);
  await scope.getByRole('button', { name: 'Ask', exact: true }).click();
  expect((await answered).status()).toBe(201);
}

function questionsIn(scope: Locator): Locator {
  return scope.getByRole('list', { name: 'Questions and answers' }).locator(':scope > li');
}

test('ask two questions, follow a citation into the original, and find both after a reload', async ({
  page,
  request,
}) => {
  await startSignedIn(page, await registerThroughApi(request, 'ask-document'));
  await page.goto('/summarize');
  const summary = await generateFromText(page, ARTICLE, 'short', 'paragraph');
  const card = resultCard(page);
  await expect(card.getByText('No questions yet.', { exact: false })).toBeVisible();

  await ask(page, card, summary.id, 'When did Fresnel design his lens?');
  await ask(page, card, summary.id, 'Who won the football world cup?');
  const questions = questionsIn(card);
  await expect(questions).toHaveCount(2);
  await expect(questions.nth(0)).toContainText('When did Fresnel design his lens?');
  await expect(questions.nth(0)).toContainText(FRESNEL);
  await expect(questions.nth(1)).toContainText('Who won the football world cup?');
  await expect(questions.nth(1)).toContainText('The document does not say.');
  await expect(questions.nth(1).getByRole('button', { name: /^Show source/ })).toHaveCount(0);
  // The field is empty again, ready for the next question.
  await expect(card.getByRole('textbox', { name: ASK })).toHaveValue('');

  // The citation lights its sentence in the original, as a summary sentence does.
  const citation = questions
    .nth(0)
    .getByRole('button', { name: /^Show source \d+: “In 1822 the French physicist/ });
  await citation.click();
  await expect(citation).toHaveAttribute('aria-pressed', 'true');
  const active = originalBox(card).locator('[aria-current="true"]');
  await expect(active).toHaveText(FRESNEL);
  await expect(active.first()).toBeInViewport();
  await expect(card.getByRole('status').filter({ hasText: /^Source 1 of/ })).toHaveText(
    /highlighted in the original/,
  );

  // After a reload both are listed under the summary's source view in History, oldest first.
  await page.reload();
  await page.goto(`/history?summary=${summary.id}`);
  const opened = page.getByRole('region', { name: 'The summary you opened' }).getByRole('article');
  const listed = questionsIn(opened);
  await expect(listed).toHaveCount(2, { timeout: 20_000 });
  await expect(listed.nth(0)).toContainText('When did Fresnel design his lens?');
  await expect(listed.nth(1)).toContainText('The document does not say.');
  const again = listed.nth(0).getByRole('button', { name: /^Show source \d+: “In 1822/ });
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(originalBox(opened).locator('[aria-current="true"]')).toHaveText(FRESNEL);
});
