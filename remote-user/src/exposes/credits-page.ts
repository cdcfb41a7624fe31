// Federation boundary: the shell renders this module's default export with React.lazy.
import { CreditsPage } from '../features/credits/credits-page';
import { withRelease } from '../lib/release/with-release';

export default withRelease(CreditsPage);
