/** `npm run validate`: checks every document in pages-json/ and exits 1 on any error. */
import { checkContent } from './content-check';

const content = checkContent({ for: 'validate' });
if (!content) process.exit(1);
const warnings = content.problems.length;
console.log(`${content.pages.length} page document(s) and the site configuration are valid${warnings ? ` (${warnings} warning(s))` : ''}.`);
