/**
 * A document's state as a badge (the toolbar, the document list): errors, warnings, checking, valid. Each tone is a
 * filled background with text in a colour that meets AA contrast on it (tests/browser/editor.test.ts measures the
 * pills as drawn): Mantine's light variant with a custom shade drew text and background in one green.
 */
import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

export type StatusTone = 'error' | 'warning' | 'checking' | 'valid';

/** Background and text, as CSS colours; the ratios are at least 4.5:1 (white on red 9 7.5:1, on #267a37 5.3:1). */
const TONES: Record<StatusTone, { background: string; color: string }> = {
  error: { background: 'var(--mantine-color-red-9)', color: 'var(--mantine-color-white)' },
  warning: { background: 'var(--mantine-color-yellow-4)', color: 'var(--mantine-color-dark-9)' },
  checking: { background: 'var(--mantine-color-gray-2)', color: 'var(--mantine-color-gray-9)' },
  valid: { background: '#267a37', color: 'var(--mantine-color-white)' },
};

export function StatusBadge({ tone, children, ...rest }: { tone: StatusTone; children: ReactNode } & Omit<BadgeProps, 'color' | 'c'>) {
  return (
    <Badge variant="filled" color={TONES[tone].background} c={TONES[tone].color} tt="none" data-tone={tone} {...rest}>
      {children}
    </Badge>
  );
}

/** The badge of a document with these problems. */
export function statusOf(errors: number, warnings: number, checking = false): { tone: StatusTone; text: string } {
  if (errors) return { tone: 'error', text: errors === 1 ? '1 error' : `${errors} errors` };
  if (checking) return { tone: 'checking', text: 'Checking…' };
  if (warnings) return { tone: 'warning', text: warnings === 1 ? '1 warning' : `${warnings} warnings` };
  return { tone: 'valid', text: 'Valid' };
}
