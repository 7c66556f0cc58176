import { z } from 'zod';

export const schema = z
  .object({
    type: z.literal('ExitDialog'),
  })
  .strict()
  .describe(
    'The timed exit dialog with the email form: opens once, 10 minutes after load, unless suppressed. Its texts come from the site configuration (exitDialog); place it once, at the end of the page.',
  );

export type ExitDialogBlock = z.infer<typeof schema>;
