import { z } from 'zod';

/**
 * Control characters (tabs, line breaks, escapes) and the Unicode line and paragraph separators:
 * a username is shown on pages and in emails, where these could forge lines (docs/decisions/0029).
 */
export const CONTROL_OR_LINE_BREAK = /[\p{Cc}\u2028\u2029]/u;
export const USERNAME_CONTROL_CHARACTERS =
  'Username may not contain control characters or line breaks';

/** Messages are the product's copy (docs/SPEC.md section 5). */
const usernameTextSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters');
/** A new username. Sign-in keeps the plain rule, so an account made before this one still signs in. */
export const usernameSchema = usernameTextSchema.refine(
  (value) => !CONTROL_OR_LINE_BREAK.test(value),
  USERNAME_CONTROL_CHARACTERS,
);
export const passwordSchema = z
  .string()
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters');
export const emailSchema = z
  .string()
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));
export const fullNameSchema = z
  .string()
  .trim()
  .min(2, 'Full name is required')
  .max(100, 'Full name must be at most 100 characters');

export const loginBodySchema = z.object({ username: usernameTextSchema, password: passwordSchema });
export type LoginBody = z.infer<typeof loginBodySchema>;

/** isAdmin may be sent by old clients; it is accepted and ignored (docs/RULES.md rule 4). */
export const registerBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  fullName: fullNameSchema,
  password: passwordSchema,
  isAdmin: z.boolean().optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The form adds a confirmation that is checked in the browser and never sent. */
export const registerFormSchema = registerBodySchema
  .omit({ isAdmin: true })
  .extend({ confirmPassword: z.string().min(6, 'Password must be at least 6 characters') })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** POST /api/password-reset/request: always 202 with the same body (no account enumeration). */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
export const PASSWORD_RESET_REQUESTED =
  'If an account uses this email address, we have sent it a link to choose a new password.';

/** POST /api/password-reset/confirm: the token from the emailed link and the new password. */
export const passwordResetConfirmSchema = z.object({
  token: z
    .string()
    .min(1, 'The reset link is missing its token')
    .max(200, 'The reset link is not valid'),
  password: passwordSchema,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;
export const INVALID_RESET_LINK =
  'This password reset link is invalid, has expired or was already used. Please ask for a new one.';

/** The new-password form confirms the password in the browser and never sends the copy. */
export const newPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

/** POST /api/email-change/request: the new address, confirmed by the member's current password. */
export const emailChangeRequestSchema = z.object({
  newEmail: emailSchema,
  currentPassword: z
    .string()
    .min(1, 'Please enter your current password')
    .max(200, 'Your current password is not correct'),
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;
export const emailChangeRequested = (newEmail: string) =>
  `We have sent a confirmation link to ${newEmail}. Your email address changes when you open it.`;
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';
export const SAME_EMAIL = 'This is already your email address';

/** POST /api/email-change/confirm: the token from the link mailed to the new address. */
export const emailChangeConfirmSchema = z.object({
  token: z
    .string()
    .min(1, 'The confirmation link is missing its token')
    .max(200, 'The confirmation link is not valid'),
});
export type EmailChangeConfirm = z.infer<typeof emailChangeConfirmSchema>;

/** POST /api/email-change/preview {token}: the address the link would set, before the click. */
export const emailChangePreviewSchema = z.object({ newEmail: z.string() });
export type EmailChangePreview = z.infer<typeof emailChangePreviewSchema>;
export const INVALID_EMAIL_CHANGE_LINK =
  'This confirmation link is invalid, has expired or was already used. Please change your email again from your profile.';
export const EMAIL_IN_USE = 'This email address is already used by another account';

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type PublicUser = z.infer<typeof userSchema>;

/**
 * GET /api/session: the web app's own check, answering 200 signed in or out so a signed-out page
 * logs no failed request (docs/decisions/0018); GET /api/user keeps the spec's 401.
 */
export const sessionSchema = z.object({ user: userSchema.nullable() });
export type SessionBody = z.infer<typeof sessionSchema>;

/**
 * PUT /api/user/language: the member's choice, checked against the enabled languages (LANGUAGES)
 * by the server (docs/decisions/0048-languages.md).
 */
export const userLanguageSchema = z.object({ language: z.string().trim().min(1).max(10) });
export type UserLanguageBody = z.infer<typeof userLanguageSchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageSchema>;
