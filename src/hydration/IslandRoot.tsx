import { useEffect, useState, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { IslandProviders } from './IslandProviders';

/**
 * The root of every island, identical on the server and in the browser (the same tree keeps
 * `useId` values equal). A render error after hydration takes out this island only, and is logged.
 */
export function IslandRoot({ name, onHydrated, children }: { name: string; onHydrated?: () => void; children: ReactNode }) {
  return (
    <ErrorBoundary fallbackRender={() => null} onError={(error) => console.error(`Island ${name} failed to render:`, error)}>
      <IslandProviders>
        {children}
        <HydrationSignal run={onHydrated} />
      </IslandProviders>
    </ErrorBoundary>
  );
}

/** Renders nothing; its effect runs once the island (its earlier sibling) has committed and run its own effects. */
function HydrationSignal({ run }: { run?: () => void }) {
  const [once] = useState(() => run);
  useEffect(() => once?.(), [once]);
  return null;
}
