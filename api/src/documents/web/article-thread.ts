import { serveTasks } from '../../lib/thread-pool';
import { htmlText } from './html-text';
import type { HtmlText } from './html-text';
import type { ArticleRequest } from './article-extraction-pool';

/*
 * The entry of an article-extraction worker thread (article-extraction-pool.ts starts it; the
 * build bundles it as dist/documents/web/article-thread.js): one page at a time. The pool's heap
 * limit and time limit apply to everything done here; a DocumentError (no article) goes back as
 * a refusal, and an unexpected failure ends the thread, never the server.
 */

serveTasks<ArticleRequest, HtmlText>((request) =>
  htmlText(request.html, request.charset, request.url, {
    includeHidden: request.includeHidden,
  }),
);
