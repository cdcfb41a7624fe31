import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { configurationTable, repoRoot } from './config';

/*
 * `pnpm --filter api readme:config` writes the README's configuration table from config.ts's
 * variables (their metadata), then `pnpm format` lays it out. config-table.test.ts fails while
 * the README's table says anything else.
 */

/** The lines of the README's configuration table: from its header to the first line not a row. */
export function configurationTableLines(readme: string): { start: number; end: number } {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) =>
    /^\|\s*variable\s*\|\s*default\s*\|\s*meaning\s*\|/.test(line),
  );
  if (start === -1)
    throw new Error('The README has no configuration table (| variable | default | meaning |)');
  let end = start;
  while (end < lines.length && lines[end]?.startsWith('|')) end += 1;
  return { start, end };
}

export const README_PATH = path.join(repoRoot, 'README.md');

if (import.meta.url === `file://${process.argv[1]}`) {
  const readme = readFileSync(README_PATH, 'utf8');
  const { start, end } = configurationTableLines(readme);
  const lines = readme.split('\n');
  lines.splice(start, end - start, ...configurationTable().split('\n'));
  writeFileSync(README_PATH, lines.join('\n'));
  console.info(`Wrote the configuration table of ${README_PATH}; run pnpm format to lay it out.`);
}
