import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Footer } from '../chrome/Footer/Footer';
import { Header } from '../chrome/Header/Header';
import { PromoBanner } from '../chrome/PromoBanner/PromoBanner';
import { HydrationDone } from './HydrationDone';
import classes from './Layout.module.css';

export function Layout() {
  const { pathname } = useLocation();
  return (
    <>
      {/* Suspense boundaries: header and footer hydrate in their own yielding tasks (see BlockBoundary). */}
      <Suspense>
        <Header />
      </Suspense>
      {/* After the header: the header is fixed (out of flow). It may hydrate after the banner has
          announced itself, and catches up with the last announcement (see banner-event.ts). */}
      {pathname === '/' && <PromoBanner />}
      <main id="main" className={classes.main}>
        <Outlet />
      </main>
      <Suspense>
        <Footer />
      </Suspense>
      <Suspense>
        <HydrationDone />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
