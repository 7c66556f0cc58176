import { z } from 'zod';

export const schema = z
  .object({
    type: z.literal('FloatingChat'),
  })
  .strict()
  .describe(
    "The floating 'Try It Now' button (bottom right) that opens the chat drawer. Its texts come from the site configuration (header.tryItNow); place it once, at the end of the page.",
  );

export type FloatingChatBlock = z.infer<typeof schema>;
