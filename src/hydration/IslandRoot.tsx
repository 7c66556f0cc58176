import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';

/** What an island is wrapped in (the site's theme and data): given by the site, the same on the server and in the browser. */
export type IslandProviders = ComponentType<{ children: ReactNode }>;

/**
 * The root of every island, identical on the server and in the browser (the same tree keeps
 * `useId` values equal). A render error after hydration takes out this island only, and is logged.
 */
export function IslandRoot({
  name,
  Providers,
  onHydrated,
  children,
}: {
  name: string;
  Providers: IslandProviders;
  onHydrated?: () => void;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary fallbackRender={() => null} onError={(error) => console.error(`Island ${name} failed to render:`, error)}>
      <Providers>
        {children}
        <HydrationSignal run={onHydrated} />
      </Providers>
    </ErrorBoundary>
  );
}

/** Renders nothing; its effect runs once the island (its earlier sibling) has committed and run its own effects. */
function HydrationSignal({ run }: { run?: () => void }) {
  const [once] = useState(() => run);
  useEffect(() => once?.(), [once]);
  return null;
}
