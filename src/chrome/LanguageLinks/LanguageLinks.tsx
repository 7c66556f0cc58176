import { localizedHref } from '../../lib/localized-href';
import { useSiteData } from '../../site/site-data';
import classes from './LanguageLinks.module.css';

/**
 * The language switcher: plain links to this page in the site's other languages, each named in itself and marked
 * with its language (so a screen reader reads "Deutsch" in German). A language this page is not in yet says so, in its
 * own words, and leads to its home page. No redirect ever picks a language for the visitor.
 * Plain anchors, not SiteLink: their paths are already in the language they lead to.
 */
export function LanguageLinks({ route, className }: { route: string | null; className?: string }) {
  const { languages, locale, config } = useSiteData();
  const label = config.i18n?.switcherLabel;
  if (languages.length < 2 || !label) return null;
  return (
    <nav aria-label={label} className={className}>
      <ul className={classes.list}>
        {languages
          .filter((language) => language.code !== locale.code)
          .map((language) => {
            const missing = route !== null && language.missing.includes(route);
            return (
              <li key={language.code}>
                <a
                  href={localizedHref(missing ? '/' : (route ?? '/'), language.prefix)}
                  hrefLang={language.code}
                  lang={language.code}
                  className={classes.link}
                >
                  {language.name}
                  {missing && language.missingNote ? <span className={classes.note}>{language.missingNote}</span> : null}
                </a>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
