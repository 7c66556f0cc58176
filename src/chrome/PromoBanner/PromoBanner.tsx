import { Anchor, CloseButton, Container, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useEffect } from 'react';
import { SiteLink } from '../../ui/SiteLink';
import { announceBannerVisibility } from './banner-event';
import classes from './PromoBanner.module.css';
import { useSiteData } from '../../site/site-data';

/** Remembers the dismissed banner's text, so a new announcement shows again. */
const DISMISSED_KEY = 'reachwell:promo-banner-dismissed';

/**
 * The announcement above the home page (5rem tall; the header sits below it while it shows).
 * Shown as prerendered, then hidden after hydration for a visitor who dismissed this text
 * before. Its island starts on the visitor's first input, not at load: reading storage at load is a
 * synchronous wait for the browser to open it (tens of ms on a busy phone), which counts toward the home
 * page's Total Blocking Time. Announces its visibility on mount, on dismissal and on unmount.
 */
export function PromoBanner() {
  const siteData = useSiteData();
  const { promoBanner } = siteData.config;
  // Read after hydration (the prerendered page shows the banner); storage may be unavailable (private mode).
  const [dismissedText, setDismissedText] = useLocalStorage<string>({
    key: DISMISSED_KEY,
    defaultValue: '',
    getInitialValueInEffect: true,
    serialize: (value) => value,
    deserialize: (value) => value ?? '',
  });
  const visible = promoBanner.enabled && dismissedText !== promoBanner.text;

  useEffect(() => {
    announceBannerVisibility(visible);
    return () => announceBannerVisibility(false);
  }, [visible]);

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
          <CloseButton
            onClick={() => setDismissedText(promoBanner.text)}
            aria-label={promoBanner.dismissLabel}
            variant="transparent"
            c="white"
          />
        )}
      </Container>
    </aside>
  );
}
