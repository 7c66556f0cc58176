/**
 * The site configuration document (`pages-json/_site.json`): brand, contact,
 * external URLs, menus, chrome texts. Build-time only (zod).
 */
import { z } from 'zod';
import { link, longText, matching, notTranslated, schemaReference, text } from './fields';

const url = matching(/^https:\/\//, 'an https:// URL');

/** An external address the site links to as site:<key>, named for people. */
const external = (label: string) => url.meta({ label });

/** A header or footer entry: a plain link, or a menu derived from the pages in a `pages-json/<section>/` folder. */
const menuEntry = z.union([
  link.meta({ label: 'A link' }),
  z
    .object({
      label: text('Menu label'),
      section: notTranslated(z.string().min(1)).meta({
        description: 'Folder in pages-json whose pages fill this menu, e.g. "channels"',
        label: 'Folder of its pages',
      }),
    })
    .strict()
    .meta({ label: 'A menu of a folder’s pages' }),
]);

const chatFormTexts = z
  .object({
    inputLabel: text('Accessible label of the email field', { label: 'Email field label' }),
    placeholder: text('Placeholder of the email field', { label: 'Hint in the email field' }),
    submitLabel: text('Submit button label'),
    sendingLabel: text('Submit button label while sending'),
    successTitle: text('Toast title on success'),
    successMessage: longText('Toast text on success'),
    errorTitle: text('Toast title on failure'),
    errorMessage: longText('Toast text on failure'),
  })
  .strict();

/** A language of the site; the first of `locales` is the default, written in the page documents themselves. */
export const localeSchema = z
  .object({
    code: matching(/^[a-z]{2,3}(-[A-Z][a-z]{3})?$/, 'a BCP 47 language code such as "es" or "de"').meta({ label: 'Language code' }),
    region: matching(/^[A-Z]{2}$/, 'a two-letter country code such as "US"').meta({
      description: 'The country whose conventions the pages follow: og:locale (es_ES) and number, price and date formats (es-ES)',
      label: 'Country code',
    }),
    name: notTranslated(text('The language named in itself, as the language switcher shows it: "Español"')),
    prefix: matching(/^([a-z]{2,3}(-[a-z]+)?)?$/, 'a short lowercase prefix such as "es", or "" for the default language').meta({
      description: 'First part of the URL of every page in this language: "es" serves /es/terms; the default language has ""',
      label: 'Address prefix',
    }),
    status: z
      .enum(['published', 'preview'])
      .describe(
        'published: each page is published in this language once any of it is translated (its untranslated text shown in the fallback language, marked as such) and indexed once most of it is; a page not translated yet is published in the default language only. preview: a language being prepared: every page is built, none is indexed or in the sitemaps',
      ),
    require: z
      .enum(['complete'])
      .optional()
      .meta({ label: 'Require complete translations' })
      .describe(
        'complete: a text not yet translated, or translated from an older English, is an error that stops the build (a release gate); unset: a warning, and the page ships as it is',
      ),
    fallback: matching(/^[a-z]{2,3}(-[A-Z][a-z]{3})?$/, 'a BCP 47 language code such as "es" or "de"')
      .optional()
      .meta({
        description: 'The locale whose text shows where a translation is missing; default: the first locale',
        label: 'Fallback language',
      }),
    dir: z.enum(['ltr', 'rtl']).optional().meta({ description: 'Writing direction; default ltr', label: 'Writing direction' }),
  })
  .strict();

export type Locale = z.infer<typeof localeSchema>;

/** The language of a site configuration without `locales`. */
export const ENGLISH: Locale = { code: 'en', region: 'US', name: 'English', prefix: '', status: 'published' };

export const siteSchema = z
  .object({
    $schema: schemaReference,
    locales: z.array(localeSchema).min(1).optional().meta({
      description:
        'The languages of the site, the default first (its text is the page documents; the others are in pages-json/_translations/<code>/). Default: English only',
      label: 'Languages',
    }),
    i18n: z
      .object({
        switcherLabel: text('Accessible name of the language switcher: "Language"', { label: 'Name of the language menu' }),
        partialNotice: longText(
          'Notice at the top of a page some of whose text is not translated yet, so it shows in the fallback language',
          {
            label: 'Notice on a partly translated page',
          },
        ),
        linkInDefaultLanguage: text(
          'Tag beside a link to a page that is not in this language yet, so it leads to the default language\'s page: "in English"',
          { label: 'Tag on a link to an untranslated page' },
        ).max(20),
        pageNotInLanguage: longText(
          'Beside this language in the language menu of a page that is not in it yet (the link leads to its home page): "This page is not in English yet: go to the home page"',
          { label: 'Note in the language menu on an untranslated page' },
        ).max(90),
      })
      .strict()
      .optional()
      .meta({ label: 'Language texts' }),
    origin: url.meta({
      description: 'Canonical origin of the site, used for canonical links, sitemap and structured data',
      label: 'Site address',
    }),
    brand: z
      .object({
        productName: notTranslated(text('Product name')),
        agentName: text('Agent name shown in chat headings and toasts'),
        tagline: longText('One line about the product, used in the footer'),
        copyright: text('Copyright line in the footer'),
        rating: z
          .object({
            value: z.number().min(0).max(5).meta({ label: 'Average rating (0 to 5)' }),
            count: z.number().int().positive().meta({ label: 'Number of ratings' }),
          })
          .strict()
          .describe('Aggregate rating published in structured data'),
      })
      .strict(),
    contact: z
      .object({
        phoneDisplay: notTranslated(text('Support phone as shown to visitors', { label: 'Phone as shown' })),
        phoneE164: matching(/^\+[1-9]\d{6,14}$/, 'an E.164 number such as +12125550147').meta({ label: 'Phone, international format' }),
        mail: z
          .object({
            chat: z.email().meta({ label: 'Chat email' }),
            support: z.email().meta({ label: 'Support email' }),
            contact: z.email().meta({ label: 'Contact email' }),
            careers: z.email().meta({ label: 'Careers email' }),
          })
          .strict()
          .meta({ label: 'Email addresses' }),
      })
      .strict(),
    urls: z
      .object({
        signIn: external('Sign-in page'),
        signUp: external('Sign-up page'),
        scheduling: external('Demo scheduling page'),
        social: external('Social profile'),
      })
      .strict()
      .meta({ description: 'External destinations; page documents link to them as site:<key>', label: 'External links' }),
    video: z
      .object({
        youtubeId: matching(/^[A-Za-z0-9_-]{11}$/, 'an 11-character YouTube video id').meta({ label: 'YouTube video ID' }),
        title: text('Title of the explainer video dialog and accessible title of its player'),
        closeLabel: text('Accessible label of the video dialog close button', { label: 'Name of the close button' }),
      })
      .strict(),
    leads: z
      .object({
        apiBase: matching(/^(https:\/\/[^/]+)?$/, 'an https:// origin, or empty for the site itself').meta({
          description: 'Origin of the lead endpoint; empty means the site itself. LEADS_API_BASE overrides it at build time.',
          label: 'Address of the lead server',
        }),
      })
      .strict(),
    promoBanner: z
      .object({
        enabled: z.boolean().meta({ description: 'Show the announcement above the home page', label: 'Show it' }),
        text: text('Banner text'),
        link: link.optional(),
        dismissible: z.boolean().meta({
          description: 'Offer a button that hides the banner (remembered in the browser until the text changes)',
          label: 'Can be dismissed',
        }),
        dismissLabel: text('Accessible label of the dismiss button', { label: 'Name of the dismiss button' }),
        regionLabel: text('Accessible name of the announcement region', { label: 'Name of the announcement region' }),
      })
      .strict()
      .meta({
        description: 'Announcement shown above the home page; the header sits below it while it shows',
        label: 'Announcement banner',
      }),
    header: z
      .object({
        homeLabel: text('Accessible label of the logo link', { label: 'Name of the logo link' }),
        navLabel: text('Accessible name of the main navigation', { label: 'Name of the navigation' }),
        menus: z
          .array(menuEntry)
          .min(1)
          .meta({ description: 'Main navigation: links, or dropdown menus filled from a pages-json folder', label: 'Menu entries' }),
        signIn: link.meta({ label: 'Sign-in link' }),
        tryFree: link.meta({ label: 'Try-free link' }),
        bookDemo: link.meta({ label: 'Book-a-demo link' }),
        talkToTeam: link.meta({ label: 'Talk-to-the-team link' }),
        howItWorks: text('Label of the button that opens the explainer video', { label: 'Video button' }),
        openMenuLabel: text('Accessible label of the mobile menu button', { label: 'Name of the menu button' }),
        closeMenuLabel: text('Accessible label of the close button of the mobile menu', { label: 'Name of the menu’s close button' }),
        menuTitle: text('Title of the full-screen mobile menu'),
        tryItNow: z
          .object({
            labels: z.array(text('Rotating label')).min(1).describe('Labels the Try It Now button cycles through every 2 s'),
            panelHeading: text('Heading of the chat panel it opens'),
            availability: text('Availability line, e.g. Available 24/7'),
            closeLabel: text('Accessible label of the close button', { label: 'Name of the close button' }),
          })
          .strict()
          .meta({ label: '“Try it now” button' }),
      })
      .strict(),
    footer: z
      .object({
        groups: z
          .array(
            z
              .object({ label: text('Group heading', { label: 'Heading' }), entries: z.array(menuEntry).min(1).meta({ label: 'Links' }) })
              .strict(),
          )
          .min(1)
          .meta({ label: 'Link groups' }),
        navLabel: text('Accessible name of the footer link navigation, e.g. Footer', { label: 'Name of the footer links' }),
        formHeading: text('Heading above the footer email form'),
        phoneShowLabel: text('Label of the button that shows the phone panel', { label: 'Show-phone button' }),
        phoneHideLabel: text('Label of the button that hides the phone panel', { label: 'Hide-phone button' }),
      })
      .strict(),
    chatForms: z
      .object({
        chat: chatFormTexts,
        subscribe: chatFormTexts,
        phone: z
          .object({
            heading: text('Heading of the phone alternative in chat panels, e.g. Call or Text Instead'),
            callLabel: text('Call link label (small screens)'),
            textLabel: text('Text link label (small screens)'),
            copyLabel: text('Accessible label of the copy-number button (wider screens)', { label: 'Name of the copy button' }),
          })
          .strict()
          .describe('The phone contact shown next to every chat form'),
        emailErrors: z
          .object({
            tooLong: longText('The address is longer than 254 characters (say the number)', { label: 'Address too long' }),
            localPartTooLong: longText('The part before the @ is longer than 64 characters (say the number)', {
              label: 'Name before the @ too long',
            }),
            invalid: longText('The address is not an email address: show an example such as name@example.com', {
              label: 'Not an email address',
            }),
            domainIncomplete: longText('The domain after the @ has no dot, as in name@localhost', { label: 'Domain incomplete' }),
          })
          .strict()
          .meta({
            description: "What an email form says under its field when the address cannot be used (in the page's language)",
            label: 'Email errors',
          }),
      })
      .strict()
      .meta({
        description: 'Texts of the email forms: chat placements use "chat", footer and exit dialog use "subscribe"',
        label: 'Email forms',
      }),
    toasts: z
      .object({
        regionLabel: text('Accessible label of the notifications region', { label: 'Name of the notifications region' }),
        closeLabel: text('Accessible label of a toast close button', { label: 'Name of the close button' }),
        copiedTitle: text('Toast title after copying the phone number'),
        copiedMessage: longText('Toast text after copying the phone number'),
      })
      .strict(),
    exitDialog: z
      .object({
        title: text('Exit dialog title'),
        description: longText('Exit dialog text', { label: 'Text' }),
        closeLabel: text('Accessible label of the close button', { label: 'Name of the close button' }),
      })
      .strict()
      .meta({ label: 'Exit dialog' }),
    errors: z
      .object({ unexpected: text('Heading of the router error view', { label: 'Heading of an unexpected error' }) })
      .strict()
      .meta({ label: 'Error page' }),
    valueNames: z
      .record(z.string().meta({ label: 'Fixed value' }), text('The name visitors read', { label: 'Name visitors read' }))
      .optional()
      .meta({ label: 'Names of fixed values' })
      .describe(
        'How fixed values of the records (industries, lifecycle stages, channels) are named to visitors, by value: { "Healthcare": "Healthcare" }; a language names them in its own words. A value not listed shows as it is',
      ),
  })
  .strict();

export type SiteConfig = z.infer<typeof siteSchema>;
