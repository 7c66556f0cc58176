import { z } from 'zod';

export const schema = z
  .object({
    type: z.literal('FloatingChat'),
  })
  .strict();

export type FloatingChatBlock = z.infer<typeof schema>;
