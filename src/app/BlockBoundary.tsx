import { Alert, Code, Container } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';

function DevPanel({ type, error }: { type: string; error: unknown }) {
  return (
    <Container size="lg" my="md">
      <Alert color="red" title={`Block ${type} failed to render`}>
        <Code block>{error instanceof Error ? error.message : String(error)}</Code>
      </Alert>
    </Container>
  );
}

/**
 * Keeps one broken block from taking the page down: in development it shows
 * a panel naming the block; in production the block is left out and logged.
 * The Suspense boundary makes each block its own unit of hydration: React hydrates
 * boundaries one by one in yielding tasks instead of the whole page in one long task.
 */
export function BlockBoundary({ type, index, children }: { type: string; index: number; children: ReactNode }) {
  const fallback = ({ error }: FallbackProps) => (import.meta.env.DEV ? <DevPanel type={type} error={error} /> : null);
  return (
    <ErrorBoundary fallbackRender={fallback} onError={(error) => console.error(`Block blocks[${index}] (${type}) failed to render:`, error)}>
      <Suspense>{children}</Suspense>
    </ErrorBoundary>
  );
}
