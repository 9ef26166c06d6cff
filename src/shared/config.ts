import { z } from 'zod';

/** GET /api/config: what the web app may know about how this site runs. */
export const siteConfigSchema = z.object({
  siteName: z.string(),
  /** 'sandbox' when no Stripe key is set: the site's own offline payment page (docs/RULES.md rule 6). */
  paymentMode: z.enum(['stripe', 'sandbox']),
  /** docs/RULES.md rule 5: testing buttons show only when this is true. */
  testToolsEnabled: z.boolean(),
  /**
   * Email is kept in the sandbox mailbox (no SMTP_URL) and organizers can read it there (test
   * tools on): 'check your email' confirmations link organizers to /sandbox/mailbox.
   */
  sandboxMailbox: z.boolean(),
  /** The site's origin (PUBLIC_URL, else the server's listening address) for absolute links. */
  publicUrl: z.string(),
  /** The map's tiles (a Leaflet URL template) and their attribution, shown as plain text (docs/decisions/0023-map.md). */
  map: z.object({ tileUrl: z.string(), attribution: z.string() }),
  /**
   * The site's languages (LANGUAGES) and the one whose addresses carry no prefix
   * (DEFAULT_LANGUAGE); every other's pages live under `/{language}/` (docs/decisions/0048-languages.md).
   */
  languages: z.array(z.string()),
  defaultLanguage: z.string(),
  /**
   * What the privacy page names (docs/decisions/0039): who runs the site and how to reach them
   * (OPERATOR_NAME, OPERATOR_CONTACT), the mail relay's host (null: mail stays on the site), and
   * how many days sent mail is kept (MAIL_RETENTION_DAYS).
   */
  privacy: z.object({
    operatorName: z.string(),
    operatorContact: z.string().nullable(),
    mailRelay: z.string().nullable(),
    mailRetentionDays: z.number().int(),
  }),
  /**
   * Which wallet buttons /profile shows (docs/decisions/0043): each wallet only when all its
   * settings are given.
   */
  wallet: z.object({ apple: z.boolean(), google: z.boolean() }),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
