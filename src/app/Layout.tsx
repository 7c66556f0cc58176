import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Footer } from '../chrome/Footer/Footer';
import { Header } from '../chrome/Header/Header';
import classes from './Layout.module.css';

export function Layout() {
  return (
    <>
      <Header />
      <main id="main" className={classes.main}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </>
  );
}
