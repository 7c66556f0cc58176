import { z } from 'zod';

export const schema = z
  .object({
    type: z.literal('ExitDialog'),
  })
  .strict();

export type ExitDialogBlock = z.infer<typeof schema>;
