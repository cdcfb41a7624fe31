import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A class styled by two style sheets must not set the same property in both. The front end's
 * style sheets are global, and many arrive with lazy chunks (a dialog's, a panel's): which of two
 * clashing rules wins depends on which sheet loaded last. The history page's Compare panel and
 * the Versions dialog's side-by-side were both `.ru-compare`; once the dialog's code had loaded
 * (a Versions button focused or hovered), its two-column grid laid out the Compare panel.
 * Rules on a class alone (`.name { … }`, also inside @media) are compared; a sheet may add to
 * another's class what it does not set (a page placing a component: `align-self`).
 */
const ROOT = resolve(__dirname, '../..');
const STYLE_DIRS = ['shell/src', 'common/src', 'remote-user/src', 'remote-admin/src']
  .concat(['remote-editor/src', 'remote-reviewer/src'])
  .map((dir) => join(ROOT, dir));

function styleSheets(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...styleSheets(path));
    } else if (entry.name.endsWith('.css')) {
      files.push(path);
    }
  }
  return files;
}

/** For each class a sheet styles alone (`.name { … }`), the properties it sets. */
export function classProperties(css: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const source = css.replace(/\/\*[\s\S]*?\*\//gu, '');
  // Innermost blocks: a selector list and its declarations (an @media's rules are found inside).
  for (const match of source.matchAll(/([^{}]+)\{([^{}]*)\}/gu)) {
    const selectors = (match[1] ?? '').split(',').map((selector) => selector.trim());
    const properties = (match[2] ?? '')
      .split(';')
      .map((declaration) => declaration.split(':')[0]?.trim() ?? '')
      .filter((property) => property !== '');
    for (const selector of selectors) {
      const name = /^\.([\w-]+)$/u.exec(selector)?.[1];
      if (name === undefined) continue;
      const set = found.get(name) ?? new Set<string>();
      for (const property of properties) set.add(property);
      found.set(name, set);
    }
  }
  return found;
}

/** `class: property (sheet, sheet)` for each property two sheets both set on a class alone. */
export function clashes(sheets: ReadonlyMap<string, string>): string[] {
  const setters = new Map<string, string[]>();
  for (const [path, css] of sheets) {
    for (const [name, properties] of classProperties(css)) {
      for (const property of properties) {
        const key = `${name}: ${property}`;
        setters.set(key, [...(setters.get(key) ?? []), path]);
      }
    }
  }
  return [...setters]
    .filter(([, paths]) => paths.length > 1)
    .map(([key, paths]) => `${key} (${paths.join(', ')})`);
}

describe('style sheets that clash', () => {
  it('finds a property two sheets set on the same class, and allows one adding to another', () => {
    const sheets = new Map([
      ['panel.css', '.ru-compare { display: flex; gap: 1rem; }'],
      ['dialog.css', '@media (min-width: 640px) { .ru-compare { display: grid; } }'],
      ['page.css', '/* placed */ .ru-compare, .other .ru-compare { align-self: start; }'],
    ]);
    expect(clashes(sheets)).toEqual(['ru-compare: display (panel.css, dialog.css)']);
  });

  it('no class of the front end is given the same property by two style sheets', () => {
    const files = STYLE_DIRS.flatMap(styleSheets);
    expect(files.map((file) => relative(ROOT, file))).toContain(
      'remote-user/src/features/history/collections.css',
    );
    const sheets = new Map(
      files.map((file) => [relative(ROOT, file), readFileSync(file, 'utf8')] as const),
    );
    expect(clashes(sheets)).toEqual([]);
  });
});
