import { Button, Group, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMergedRef } from '@mantine/hooks';
import { useEffect, useEffectEvent, useRef, useState, type ChangeEvent, type FormEvent, type Ref } from 'react';
import { emailProblem, EMAIL_MAX_LENGTH, type EmailProblemCode } from '../../leads/contract/email-rule';
import type { SiteConfig } from '../../engine/model/site-schema';
import { newIdempotencyKey, submitLead, type LeadSubmission } from '../../leads/submit-lead';
import { queryClient } from '../../leads/query-client';
import { prepareToasts, showToast } from '../../toasts/toast';
import { markLeadSubmitted } from '../../leads/lead-events';
import { useSiteData } from '../../site/site-data';

export type ChatFormVariant = 'chat' | 'subscribe';

export interface ChatFormProps {
  /** Which texts (labels, toasts) to use: "chat" for the chat placements, "subscribe" for the footer and exit dialog. */
  variant: ChatFormVariant;
  /** Where the form sits, recorded with the lead: home-widget, footer, exit-dialog, industry-drawer, collections-panel. */
  placement: string;
  /** Called after a successful submission, e.g. to close the containing panel. */
  onSuccess?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Focus the email field when the containing dialog or drawer opens (Mantine's focus trap honours data-autofocus). */
  focusOnOpen?: boolean;
}

/** Which of the site configuration's email errors (in the page's language) says what is wrong. */
const ERROR_TEXT: Record<Exclude<EmailProblemCode, 'email_required'>, keyof SiteConfig['chatForms']['emailErrors']> = {
  email_too_long: 'tooLong',
  email_local_part_too_long: 'localPartTooLong',
  email_invalid: 'invalid',
  email_domain_incomplete: 'domainIncomplete',
};

/** The one email chat form used by every placement (spec sections 4, 5, 7, 8). */
export function ChatForm({ variant, placement, onSuccess, inputRef, focusOnOpen }: ChatFormProps) {
  const siteData = useSiteData();
  const texts = siteData.config.chatForms[variant];
  const [email, setEmail] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const fieldRef = useMergedRef(field, inputRef);
  // What the visitor typed into the prerendered field before this form's code arrived (it hydrates
  // late, see src/hydration/README.md) is in the field but not in the state: adopt it rather than lose it.
  const adoptTyped = useEffectEvent(() => {
    if (field.current?.value) take(field.current);
  });
  useEffect(() => adoptTyped(), []);
  // Set synchronously on submit, so a second click in the same frame cannot start a second request.
  const inFlight = useRef(false);
  const mutation = useMutation(
    {
      mutationFn: (submission: LeadSubmission) => submitLead(siteData.config.leads.apiBase, submission),
      // 'always': a network error must end in the error toast, not a mutation paused until the browser says it is online.
      networkMode: 'always',
      onSuccess: () => {
        setEmail('');
        markLeadSubmitted();
        showToast({ title: texts.successTitle, message: texts.successMessage, tone: 'success' });
        onSuccess?.();
      },
      onError: () => showToast({ title: texts.errorTitle, message: texts.errorMessage, tone: 'error' }),
      onSettled: () => {
        inFlight.current = false;
      },
    },
    queryClient,
  );
  const sending = mutation.isPending;

  function take(input: HTMLInputElement) {
    const { value } = input;
    setEmail(value);
    // The shared rule (length limits the browser does not check) speaks through the browser's own validation, in the
    // page's language (the browser's own messages follow its interface's language, not the page's).
    const problem = value ? emailProblem(value) : null;
    input.setCustomValidity(
      problem && problem.code !== 'email_required' ? siteData.config.chatForms.emailErrors[ERROR_TEXT[problem.code]] : '',
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email || inFlight.current) return;
    inFlight.current = true;
    prepareToasts(); // so the answer's toast has its code when it comes
    // One key per submission; TanStack Query retries with the same variables, hence the same key.
    // The page's language as the build wrote it: not <html lang>, which a browser's page translator rewrites.
    mutation.mutate({
      email,
      page: window.location.pathname,
      placement,
      locale: siteData.locale.code,
      idempotencyKey: newIdempotencyKey(),
    });
  }

  return (
    // data-failures: failed attempts of the submission in flight; the next retry is scheduled once it shows (tests wait on it).
    <form onSubmit={submit} data-placement={placement} data-failures={mutation.isPending ? mutation.failureCount : undefined}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={fieldRef}
          type="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          label={texts.inputLabel}
          placeholder={texts.placeholder}
          value={email}
          onChange={(event: ChangeEvent<HTMLInputElement>) => take(event.currentTarget)}
          style={{ flex: 1 }}
          autoComplete="email"
          data-autofocus={focusOnOpen || undefined}
        />
        <Button type="submit" disabled={!email || sending}>
          {sending ? texts.sendingLabel : texts.submitLabel}
        </Button>
      </Group>
    </form>
  );
}
