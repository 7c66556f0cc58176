import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Footer } from '../chrome/Footer/Footer';
import { Header } from '../chrome/Header/Header';
import { PromoBanner } from '../chrome/PromoBanner/PromoBanner';
import classes from './Layout.module.css';

export function Layout() {
  const { pathname } = useLocation();
  return (
    <>
      <Header />
      {/* After the header on purpose: the header is fixed (out of flow), and its banner listener
          must be attached before the banner announces itself (effects run in tree order). */}
      {pathname === '/' && <PromoBanner />}
      <main id="main" className={classes.main}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </>
  );
}
