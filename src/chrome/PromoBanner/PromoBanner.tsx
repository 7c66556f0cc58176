import { Anchor, CloseButton, Container, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import siteData from 'virtual:site-data';
import { SiteLink } from '../../ui/SiteLink';
import { announceBannerVisibility } from './banner-event';
import classes from './PromoBanner.module.css';

/** Remembers the dismissed banner's text, so a new announcement shows again. */
const DISMISSED_KEY = 'reachwell:promo-banner-dismissed';

function wasDismissed(text: string): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === text;
  } catch {
    return false;
  }
}

/**
 * The announcement above the home page (5rem tall; the header sits below it
 * while it shows). Announces its visibility on mount, on dismissal and on
 * unmount (leaving the home page).
 */
export function PromoBanner() {
  const { promoBanner } = siteData.config;
  const [visible, setVisible] = useState(promoBanner.enabled);

  // After hydration (the prerendered page shows the banner): hide it if this visitor dismissed it before.
  useEffect(() => {
    if (wasDismissed(promoBanner.text)) setVisible(false);
  }, [promoBanner.text]);

  useEffect(() => {
    announceBannerVisibility(visible);
    return () => announceBannerVisibility(false);
  }, [visible]);

  function dismiss() {
    try {
      window.localStorage.setItem(DISMISSED_KEY, promoBanner.text);
    } catch {
      // Without storage the banner simply returns on the next visit.
    }
    setVisible(false);
  }

  if (!visible) return null;
  return (
    <aside className={classes.banner} aria-label={promoBanner.regionLabel}>
      <Container size="xl" className={classes.inner}>
        <Text size="sm" fw={500} c="white" className={classes.text}>
          {promoBanner.text}
          {promoBanner.link && (
            <>
              {' '}
              <Anchor component={SiteLink} href={promoBanner.link.href} c="white" fw={700} underline="always" size="sm">
                {promoBanner.link.label}
              </Anchor>
            </>
          )}
        </Text>
        {promoBanner.dismissible && (
          <CloseButton onClick={dismiss} aria-label={promoBanner.dismissLabel} variant="transparent" c="white" />
        )}
      </Container>
    </aside>
  );
}
