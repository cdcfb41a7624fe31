import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SummaryDto } from '../../domain/summary-response';
import { createFakeSummarizer } from '../../test/fake-summarizer';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import { buildDocxOfBody } from '../../test/zip-builder';

/*
 * Issue 28, "What the summary left out", on the API (API.md round 3 `sections`): a summary's
 * source headings and their spans are read once with the text, stored, and answered on every
 * Summary (create, get, list, regenerate, a queued job) and on GET /api/shared/:token; `[]`
 * when the source has none. Real files (a .docx with heading styles) are read by the real
 * documents module here.
 */

const REPORT = `# Harbour survey 2026

The harbour board surveyed the quays, the fish market and the ferry terminal in the spring.

## Methods

Inspectors walked every quay twice and measured the cracks in the concrete with gauges.

## Results

Three quays need repairs within two years, and the ferry ramp needs a new hinge soon.

## Funding

The city and the port authority will share the cost of the repairs over five years.
`;

const PROSE =
  'The harbour board surveyed the quays in the spring. Three quays need repairs within two ' +
  'years. The city and the port authority will share the cost of the repairs.';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({ deps: { summarizer: createFakeSummarizer() } });
  user = await t.createUser({ credits: 10 });
});

afterAll(() => t.destroy());

type Envelope<T> = { data: T };

async function created(res: Response): Promise<SummaryDto> {
  expect(res.status).toBe(201);
  return ((await res.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
}

function titles(sections: SummaryDto['sections']): [string, number][] {
  return sections.map(({ title, level }) => [title, level]);
}

describe('sections of a pasted text', () => {
  it('are stored and answered on create, get, list and regenerate', async () => {
    const summary = await created(
      await t.request('/api/summaries', {
        method: 'POST',
        token: user.token,
        json: { content: REPORT },
      }),
    );
    expect(titles(summary.sections)).toEqual([
      ['Harbour survey 2026', 1],
      ['Methods', 2],
      ['Results', 2],
      ['Funding', 2],
    ]);
    const original = summary.originalContent;
    const methods = summary.sections[1];
    expect(original.slice(methods?.start, methods?.end)).toBe(
      '## Methods\n\nInspectors walked every quay twice and measured the cracks in the concrete with gauges.',
    );
    expect(summary.sections[0]?.end).toBe(original.length);

    const one = await t.request(`/api/summaries/${summary.id}`, { token: user.token });
    expect(((await one.json()) as Envelope<{ summary: SummaryDto }>).data.summary.sections).toEqual(
      summary.sections,
    );
    const list = await t.request('/api/summaries?limit=50', { token: user.token });
    const listed = ((await list.json()) as Envelope<{ summaries: SummaryDto[] }>).data.summaries;
    expect(listed.find((entry) => entry.id === summary.id)?.sections).toEqual(summary.sections);

    // The staff see them too (the review queue and the admin's list share the staff Summary).
    const admin = await t.createUser({ role: 'admin' });
    const staff = await t.request('/api/admin/summaries?limit=50', { token: admin.token });
    expect(staff.status).toBe(200);
    const staffList = ((await staff.json()) as Envelope<{ summaries: SummaryDto[] }>).data
      .summaries;
    expect(staffList.find((entry) => entry.id === summary.id)?.sections).toEqual(summary.sections);

    const again = await t.request(`/api/summaries/${summary.id}/regenerate`, {
      method: 'POST',
      token: user.token,
      json: { customPrompt: 'Include: Funding' },
    });
    expect(again.status).toBe(200);
    expect(
      ((await again.json()) as Envelope<{ summary: SummaryDto }>).data.summary.sections,
    ).toEqual(summary.sections);
  });

  it('are [] for prose without headings', async () => {
    const summary = await created(
      await t.request('/api/summaries', {
        method: 'POST',
        token: user.token,
        json: { content: PROSE },
      }),
    );
    expect(summary.sections).toEqual([]);
  });

  it('come with a queued summary of a pasted text', async () => {
    const res = await t.request('/api/summaries/async', {
      method: 'POST',
      token: user.token,
      json: { content: REPORT },
    });
    expect(res.status).toBe(202);
    const { jobId } = ((await res.json()) as Envelope<{ jobId: string }>).data;
    // Stopped by destroy().
    await t.startWorkers(1);
    let summary: SummaryDto | undefined;
    const deadline = Date.now() + 20_000;
    while (summary === undefined && Date.now() < deadline) {
      const status = await t.request(`/api/summaries/job/${jobId}?queue=text-summary`, {
        token: user.token,
      });
      const data = ((await status.json()) as Envelope<{ state: string; summary?: SummaryDto }>)
        .data;
      if (data.state === 'failed') throw new Error('the job failed');
      summary = data.summary;
      if (summary === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(titles(summary?.sections ?? [])).toEqual([
      ['Harbour survey 2026', 1],
      ['Methods', 2],
      ['Results', 2],
      ['Funding', 2],
    ]);
  });
});

describe('sections of an uploaded .docx', () => {
  it('come from its heading styles, their spans in the stored text', async () => {
    const paragraph = (text: string, style?: string) =>
      `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t>${text}</w:t></w:r></w:p>`;
    const docx = buildDocxOfBody(
      [
        paragraph('Harbour survey', 'Title'),
        paragraph('The harbour board surveyed the quays, the fish market and the ferry terminal.'),
        paragraph('Methods', 'Heading1'),
        paragraph('Inspectors walked every quay twice and measured the cracks with gauges.'),
        paragraph('Limitations', 'Heading2'),
        paragraph('The ferry ramp could not be inspected at high tide on most days.'),
      ].join(''),
    );
    const form = new FormData();
    form.append('file', new File([new Uint8Array(docx)], 'survey.docx'));
    const summary = await created(
      await t.request('/api/summaries/upload', { method: 'POST', token: user.token, body: form }),
    );
    expect(summary.source).toBe('docx');
    expect(titles(summary.sections)).toEqual([
      ['Harbour survey', 1],
      ['Methods', 1],
      ['Limitations', 2],
    ]);
    const limitations = summary.sections[2];
    expect(summary.originalContent.slice(limitations?.start, limitations?.end)).toBe(
      'Limitations\n\nThe ferry ramp could not be inspected at high tide on most days.',
    );
  });
});

describe('GET /api/shared/:token', () => {
  it('answers the shared summary’s sections', async () => {
    const summary = await created(
      await t.request('/api/summaries', {
        method: 'POST',
        token: user.token,
        json: { content: REPORT },
      }),
    );
    const shared = await t.request(`/api/summaries/${summary.id}/share`, {
      method: 'POST',
      token: user.token,
    });
    const { token } = ((await shared.json()) as Envelope<{ share: { token: string } }>).data.share;
    const res = await t.request(`/api/shared/${token}`);
    expect(res.status).toBe(200);
    const view = ((await res.json()) as Envelope<{ summary: Pick<SummaryDto, 'sections'> }>).data
      .summary;
    expect(view.sections).toEqual(summary.sections);
    expect(view.sections).toHaveLength(4);
  });
});
