import { useSiteData } from '../site/site-data';
import classes from './PageLayout.module.css';

/**
 * Above the sections of a page some of whose text is not translated into its language yet (that text shows in the
 * fallback language, marked with its `lang`): says so, in the page's language. render-page.tsx puts it in.
 */
export function UntranslatedNotice() {
  const notice = useSiteData().config.i18n?.partialNotice;
  return notice ? (
    <p role="note" className={classes.partialNotice}>
      {notice}
    </p>
  ) : null;
}
