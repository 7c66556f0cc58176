import { Alert, Code, Container } from '@mantine/core';
import type { ReactNode } from 'react';
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
 */
export function BlockBoundary({ type, index, children }: { type: string; index: number; children: ReactNode }) {
  const fallback = ({ error }: FallbackProps) => (import.meta.env.DEV ? <DevPanel type={type} error={error} /> : null);
  return (
    <ErrorBoundary fallbackRender={fallback} onError={(error) => console.error(`Block blocks[${index}] (${type}) failed to render:`, error)}>
      {children}
    </ErrorBoundary>
  );
}
