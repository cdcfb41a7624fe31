import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configurationVariables } from './config';
import { README_PATH, configurationTableLines } from './readme-config-table';

/** The README's table as rows of trimmed cells, whatever its column padding. */
function readmeRows(): string[][] {
  const readme = readFileSync(README_PATH, 'utf8');
  const { start, end } = configurationTableLines(readme);
  return readme
    .split('\n')
    .slice(start + 2, end)
    .map((line) =>
      line
        .replace(/^\|/, '')
        .replace(/\|$/, '')
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

describe('the README’s configuration table', () => {
  it('is config.ts’s variables, their defaults and meanings, row for row', () => {
    const expected = configurationVariables().map(({ name, defaultText, description }) => [
      `\`${name}\``,
      defaultText,
      description,
    ]);
    // Fix with `pnpm --filter api readme:config && pnpm format`.
    expect(readmeRows()).toEqual(expected);
  });
});
