import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type Ref } from 'react';
import siteData from 'virtual:site-data';

export type ChatFormVariant = 'chat' | 'subscribe';

export interface ChatFormProps {
  /** Which texts (labels, toasts) to use: chat placements or footer/exit dialog. */
  variant: ChatFormVariant;
  /** Where the form sits, recorded with the lead: home-widget, footer, exit-dialog, industry-drawer, collections-panel. */
  placement: string;
  /** Called after a successful submission, e.g. to close the containing panel. */
  onSuccess?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** The one email chat form used by every placement (spec sections 4, 5, 7, 8). */
export function ChatForm({ variant, placement, onSuccess, inputRef }: ChatFormProps) {
  const texts = siteData.config.chatForms[variant];
  const [email, setEmail] = useState('');
  const mutation = useMutation({
    mutationFn: async (value: string) => {
      const response = await fetch(`${siteData.config.leads.apiBase}/functions/v1/submit-email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: value, page: window.location.pathname, placement }),
      });
      if (!response.ok) throw new Error(`submit-email answered ${response.status}`);
    },
    onSuccess: () => {
      setEmail('');
      notifications.show({ title: texts.successTitle, message: texts.successMessage });
      onSuccess?.();
    },
    onError: () => {
      notifications.show({ title: texts.errorTitle, message: texts.errorMessage, color: 'red' });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email || mutation.isPending) return;
    mutation.mutate(email);
  }

  return (
    <form onSubmit={submit} data-placement={placement}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={inputRef}
          type="email"
          required
          label={texts.inputLabel}
          placeholder={texts.placeholder}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          style={{ flex: 1 }}
          autoComplete="email"
        />
        <Button type="submit" disabled={!email || mutation.isPending}>
          {mutation.isPending ? texts.sendingLabel : texts.submitLabel}
        </Button>
      </Group>
    </form>
  );
}
