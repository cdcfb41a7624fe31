// Federation boundary: the shell renders this module's default export with React.lazy.
import { SummarizePage } from '../features/summarize/summarize-page';
import { withRelease } from '../lib/release/with-release';

export default withRelease(SummarizePage);
