/**
 * The lead endpoint's contract, shared by the chat form (browser) and the lead server: where it is,
 * what a submission sends and what it answers. Plain TypeScript, no React and no zod: the server and
 * the benchmarks import this folder and nothing else of src/ (a test checks the server never loads React).
 */

/** `POST {leadsApiBase}/functions/v1/submit-email` (spec: the lead endpoint). */
export const LEAD_ENDPOINT_PATH = '/functions/v1/submit-email';

/** Made once per submission and sent again on every retry, so a retry cannot create a second lead. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The JSON body of a submission. */
export interface LeadRequestBody {
  email: string;
  /** Path of the page the form was on. */
  page?: string;
  /** Which form: home-widget, footer, exit-dialog, industry-drawer, collections-panel. */
  placement?: string;
  /** BCP 47 language tag of the page the form was on ("en", "es", "de", "pt-BR"): its `<html lang>`. */
  locale?: string;
}

/** The answer to an accepted submission (200), also when an idempotency key is replayed. */
export interface LeadAccepted {
  ok: true;
}

/** The answer to a refused one (4xx, 5xx): a stable code and a sentence for people. */
export interface LeadErrorBody {
  error: { code: string; message: string };
}
