import { parentPort } from 'node:worker_threads';
import { DocumentError } from '../document-error';
import { htmlText } from './html-text';
import type { ArticleMessage, ArticleRequest } from './article-extraction-pool';

/*
 * The entry of an article-extraction worker thread (article-extraction-pool.ts starts it; the
 * build bundles it as dist/documents/web/article-thread.js). It says it is ready, then reads one
 * page at a time. The pool's heap limit and time limit apply to everything done here; an
 * uncaught failure ends the thread, never the server.
 */

const port = parentPort;
if (port === null) throw new Error('article-thread.ts runs only as a worker thread');

function answer(request: ArticleRequest): ArticleMessage {
  try {
    const article = htmlText(request.html, request.charset, request.url);
    return { type: 'article', id: request.id, article };
  } catch (error) {
    if (error instanceof DocumentError) {
      return { type: 'refused', id: request.id, kind: error.kind, message: error.message };
    }
    return { type: 'failed', id: request.id, message: String(error) };
  }
}

port.on('message', (request: ArticleRequest) => port.postMessage(answer(request)));
port.postMessage({ type: 'ready' } satisfies ArticleMessage);
