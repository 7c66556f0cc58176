import { useState, type ReactNode } from 'react';
import { isInitialHydration } from './initial-hydration';
import classes from './KeepServerHtml.module.css';

/**
 * Content with no behaviour. It renders normally on the server and when mounted by client-side
 * navigation; while the browser hydrates the prerendered page, it keeps the server's markup
 * as it is (an element with empty dangerouslySetInnerHTML is not diffed during hydration),
 * so no JavaScript runs for it. `content` identifies what was prerendered: given anything
 * else later (a reused instance on another page), it renders that for real.
 */
export function KeepServerHtml({ content, children }: { content?: unknown; children: ReactNode }) {
  const [kept] = useState(() => (isInitialHydration() ? { content } : null));
  if (kept && kept.content === content) {
    return <div key="server" className={classes.wrapper} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
  }
  return (
    <div key="client" className={classes.wrapper}>
      {children}
    </div>
  );
}
