import { Footer } from '../chrome/Footer/Footer';
import { Header } from '../chrome/Header/Header';
import { Island } from '../hydration/Island';
import classes from './PageLayout.module.css';
import { useSiteData } from '../site/site-data';

/**
 * Every page's frame, rendered on the server: header, the home page's promo banner, the page's
 * blocks (already rendered, see render-page.tsx), footer and the toast region (an island that
 * hydrates with the first toast).
 */
export function PageLayout({ route, mainHtml }: { route: string | null; mainHtml: string }) {
  const siteData = useSiteData();
  const withBanner = route === '/' && siteData.config.promoBanner.enabled;
  return (
    <>
      <Header belowBanner={withBanner} route={route} />
      {withBanner && <Island name="PromoBanner" hydrate="first-input" props={{}} />}
      <main id="main" className={classes.main} dangerouslySetInnerHTML={{ __html: mainHtml }} />
      <Footer />
      <Island name="Toaster" hydrate="wake" props={{}} />
    </>
  );
}
