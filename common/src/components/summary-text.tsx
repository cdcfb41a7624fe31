import { cx } from 'common/cx';
import './summary-text.css';

type Block =
  { kind: 'paragraph'; text: string } | { kind: 'list'; ordered: boolean; items: string[] };

const BULLET = /^\s*[-*•]\s+/u;
const NUMBERED = /^\s*\d+[.)]\s+/u;

/**
 * Splits a summary into paragraphs and lists: consecutive lines starting with `-`, `*`, `•`
 * or `1.` become a list; other lines keep their breaks.
 */
export function toBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    const joined = paragraph.join('\n').trim();
    if (joined) blocks.push({ kind: 'paragraph', text: joined });
    paragraph = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const ordered = NUMBERED.test(line);
    if (ordered || BULLET.test(line)) {
      flush();
      const item = line.replace(ordered ? NUMBERED : BULLET, '').trim();
      const last = blocks[blocks.length - 1];
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item);
      else blocks.push({ kind: 'list', ordered, items: [item] });
    } else if (line.trim() === '') {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/**
 * A summary's text with its line breaks and bullet points kept; `lang` and `dir` of its language
 * (right to left for Arabic, Persian, Urdu, Hebrew; `auto` when unknown).
 */
export function SummaryText({
  text,
  className,
  lang,
  dir = 'auto',
}: {
  text: string;
  className?: string;
  lang?: string | undefined;
  dir?: 'ltr' | 'rtl' | 'auto';
}) {
  return (
    <div className={cx('ru-summary-text', className)} lang={lang} dir={dir}>
      {toBlocks(text).map((block, index) => {
        if (block.kind === 'paragraph') return <p key={index}>{block.text}</p>;
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{item}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
