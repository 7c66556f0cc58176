import { Anchor } from '@mantine/core';
import { Icon } from '../../ui/icons';
import { Section } from '../../ui/Section';
import { SiteLink } from '../../ui/SiteLink';
import type { LinkStripBlock } from './schema';
import classes from './LinkStrip.module.css';

export function LinkStrip({ id, eyebrow, heading, intro, tinted, items, more }: LinkStripBlock) {
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <ul className={classes.list}>
        {(items ?? []).map((item) => {
          const content = (
            <>
              {item.icon && <Icon name={item.icon} size={18} />}
              {item.label}
            </>
          );
          return (
            <li key={item.label}>
              {item.href ? (
                <SiteLink href={item.href} className={classes.pill}>
                  {content}
                </SiteLink>
              ) : (
                <span className={classes.pill}>{content}</span>
              )}
            </li>
          );
        })}
      </ul>
      {more && (
        <div className={classes.more}>
          <Anchor component={SiteLink} href={more.href} fw={600}>
            {more.label}
          </Anchor>
        </div>
      )}
    </Section>
  );
}
