/**
 * The messages between the SQLite lead store (server/store/sqlite-store.ts, on the server's thread) and its worker
 * thread (server/store/sqlite-worker.ts). Requests go over as arrays (all made in one turn of the event loop, one
 * message), answers likewise. Dates cross as Dates (the structured clone keeps them); errors as plain objects.
 */
import { StoreUnavailableError, type LeadInput, type OutboxEvent, type UnavailableReason } from './types';

export interface SqliteWorkerData {
  path: string;
  recordEvents: boolean;
  lockWaitMs: number;
}

type Ask<Op extends string, Fields = object> = { op: Op; id: number } & Fields;

export type SqliteRequest =
  | Ask<'submit', { input: LeadInput; receivedAt: Date }>
  /** The submission's caller gave up: drop it if it is not committed yet. Never answered. */
  | Ask<'cancel'>
  | Ask<'health'>
  | Ask<'listLeads'>
  | Ask<'claimDue', { now: Date; limit: number; leaseMs: number }>
  | Ask<'nextDueAt'>
  | Ask<'markDelivered', { event: OutboxEvent; now: Date }>
  | Ask<'markFailed', { event: OutboxEvent; error: string; retryAt: Date | null }>
  | Ask<'release', { event: OutboxEvent }>
  | Ask<'listFailed'>
  | Ask<'retryFailed', { ids: string[] | 'all'; now: Date }>
  | Ask<'close'>;

/** What the store is told is wrong with it, for readiness; null when nothing is. */
export type SqliteHealth = { reason: UnavailableReason; message: string } | null;

interface WireError {
  name: string;
  message: string;
  code?: string;
  reason?: UnavailableReason;
}

export type SqliteReply = { id: number; value: unknown } | { id: number; error: WireError };

export type SqliteWorkerMessage =
  | { ready: true }
  | { failedToOpen: WireError }
  | { replies: SqliteReply[] }
  | { log: { level: 'info' | 'warn' | 'error'; message: string } };

export function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  return {
    name: error.name,
    message: error.message,
    code: (error as { code?: string }).code,
    reason: error instanceof StoreUnavailableError ? error.reason : undefined,
  };
}

/** The error again on this side: a StoreUnavailableError stays one (a 503), anything else keeps its name and code. */
export function fromWire(wire: WireError): Error {
  if (wire.reason) return new StoreUnavailableError(wire.message, { reason: wire.reason });
  const error = new Error(wire.message) as Error & { code?: string };
  error.name = wire.name;
  if (wire.code) error.code = wire.code;
  return error;
}
