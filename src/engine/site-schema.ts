/**
 * The site configuration document (`pages-json/_site.json`): brand, contact,
 * external URLs, menus, chrome texts. Build-time only (zod).
 */
import { z } from 'zod';
import { link, text } from './fields';

const url = z.string().regex(/^https:\/\//, { message: 'expected an https:// URL' });

/** A header or footer entry: a plain link, or a menu derived from the pages in a `pages-json/<section>/` folder. */
const menuEntry = z.union([
  link,
  z
    .object({
      label: text('Menu label'),
      section: z.string().min(1).describe('Folder in pages-json whose pages fill this menu, e.g. "channels"'),
    })
    .strict(),
]);

const chatFormTexts = z
  .object({
    inputLabel: text('Accessible label of the email field'),
    placeholder: text('Placeholder of the email field'),
    submitLabel: text('Submit button label'),
    sendingLabel: text('Submit button label while sending'),
    successTitle: text('Toast title on success'),
    successMessage: text('Toast text on success'),
    errorTitle: text('Toast title on failure'),
    errorMessage: text('Toast text on failure'),
  })
  .strict();

export const siteSchema = z
  .object({
    $schema: z.string().optional(),
    origin: url.describe('Canonical origin of the site, used for canonical links, sitemap and structured data'),
    brand: z
      .object({
        productName: text('Product name'),
        agentName: text('Agent name shown in chat headings and toasts'),
        tagline: text('One line about the product, used in the footer'),
        copyright: text('Copyright line in the footer'),
        rating: z
          .object({ value: z.number().min(0).max(5), count: z.number().int().positive() })
          .strict()
          .describe('Aggregate rating published in structured data'),
      })
      .strict(),
    contact: z
      .object({
        phoneDisplay: text('Support phone as shown to visitors'),
        phoneE164: z.string().regex(/^\+[1-9]\d{6,14}$/, { message: 'expected an E.164 number such as +12125550147' }),
        mail: z
          .object({
            chat: z.email(),
            support: z.email(),
            contact: z.email(),
            careers: z.email(),
          })
          .strict(),
      })
      .strict(),
    urls: z
      .object({ signIn: url, signUp: url, scheduling: url, social: url })
      .strict()
      .describe('External destinations; page documents link to them as site:<key>'),
    video: z
      .object({
        youtubeId: z.string().regex(/^[A-Za-z0-9_-]{11}$/, { message: 'expected an 11-character YouTube video id' }),
        title: text('Accessible title of the explainer video player'),
      })
      .strict(),
    leads: z
      .object({
        apiBase: z
          .string()
          .regex(/^(https:\/\/[^/]+)?$/, { message: 'expected an https:// origin, or empty for the site itself' })
          .describe('Origin of the lead endpoint; empty means the site itself. LEADS_API_BASE overrides it at build time.'),
      })
      .strict(),
    promoBanner: z
      .object({
        enabled: z.boolean(),
        text: text('Banner text'),
        link: link.optional(),
        dismissLabel: text('Accessible label of the dismiss button'),
      })
      .strict(),
    header: z
      .object({
        homeLabel: text('Accessible label of the logo link'),
        menus: z.array(menuEntry).min(1),
        signIn: link,
        tryFree: link,
        bookDemo: link,
        talkToTeam: link,
        howItWorks: text('Label of the button that opens the explainer video'),
        openMenuLabel: text('Accessible label of the mobile menu button'),
        tryItNow: z
          .object({
            labels: z.array(text('Rotating label')).min(1).describe('Labels the Try It Now button cycles through every 2 s'),
            panelHeading: text('Heading of the chat panel it opens'),
            availability: text('Availability line, e.g. Available 24/7'),
            callOrText: text('Label introducing the phone number'),
            callLabel: text('Call button label (mobile)'),
            textLabel: text('Text button label (mobile)'),
            closeLabel: text('Accessible label of the close button'),
          })
          .strict(),
      })
      .strict(),
    footer: z
      .object({
        groups: z.array(z.object({ label: text('Group heading'), entries: z.array(menuEntry).min(1) }).strict()).min(1),
        formHeading: text('Heading above the footer email form'),
        phoneShowLabel: text('Label of the button that shows the phone panel'),
        phoneHideLabel: text('Label of the button that hides the phone panel'),
        copyLabel: text('Label of the copy-number button'),
        callLabel: text('Call link label (small screens)'),
        textLabel: text('Text link label (small screens)'),
      })
      .strict(),
    chatForms: z
      .object({ chat: chatFormTexts, subscribe: chatFormTexts })
      .strict()
      .describe('Texts of the email forms: chat placements use "chat", footer and exit dialog use "subscribe"'),
    toasts: z
      .object({
        regionLabel: text('Accessible label of the notifications region'),
        closeLabel: text('Accessible label of a toast close button'),
        copiedTitle: text('Toast title after copying the phone number'),
        copiedMessage: text('Toast text after copying the phone number'),
      })
      .strict(),
    exitDialog: z
      .object({
        title: text('Exit dialog title'),
        description: text('Exit dialog text'),
        closeLabel: text('Accessible label of the close button'),
      })
      .strict(),
    errors: z.object({ unexpected: text('Heading of the router error view') }).strict(),
  })
  .strict();

export type SiteConfig = z.infer<typeof siteSchema>;
