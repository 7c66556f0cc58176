import classes from './Logo.module.css';

/** Word mark: a brand-coloured glyph and the product name from the site configuration. */
export function Logo({ name }: { name: string }) {
  return (
    <span className={classes.logo}>
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-8)" />
        <path
          d="M9 22V10h7.5a4.5 4.5 0 0 1 0 9H13m3 0 5 3"
          stroke="#fff"
          strokeWidth="2.6"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{name}</span>
    </span>
  );
}
