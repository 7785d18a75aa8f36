import { z } from 'zod';
import { RIGHT_IDS, ROLES } from '../rights.js';

export const Role = z.enum(ROLES).describe('`Manager` has every right; `Originator` works cases and the library.');
export const RightId = z.enum(RIGHT_IDS as [string, ...string[]]).describe('A right of the access matrix.');

/**
 * An email address, as the server checks it and as the document states it: zod's own pattern lets
 * a domain label end in `-` (`a@b-.test`), which `format: email` forbids, so this one asks for
 * what both accept (every address it matches is a `format: email` address).
 */
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
const Email = z.email({ pattern: EMAIL_PATTERN }).max(254).transform((e) => e.trim().toLowerCase());
export const PASSWORD_MIN_LENGTH = 10;
const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256)
  .describe(`At least ${PASSWORD_MIN_LENGTH} characters.`);
const PersonName = z.string().trim().min(2, 'must be at least 2 characters').max(120);

export const User = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    name: z.string(),
    email: z.string().nullable().describe('Null for the Manager of an instant account until an email is added.'),
    role: Role,
    active: z.boolean().describe('An inactive user cannot sign in and has no sessions.'),
    mustChangePassword: z.boolean().describe('True after a Manager set a temporary password, until the user changes it.'),
    createdAt: z.string().describe('ISO 8601.'),
    invitedAt: z
      .string()
      .nullable()
      .describe(
        'When a Manager added this person (ISO 8601), while they have not joined yet: not signed in once, nor chosen a password with the invitation link. Null once they have (and for everyone who signed up or signed in). Show such a person as invited, not active.',
      ),
  })
  .meta({
    id: 'User',
    description:
      'A person of an organization. `email` is unique in the organization, and one account across the service has it: a colleague added with an address that has an account elsewhere is listed like any invited colleague but stays invited (see CreateUserInput); sign-in and password resets reach the account of the address.',
  });
export type User = z.infer<typeof User>;

export const Organization = z
  .object({
    id: z.string().describe('Never changes, also when the organization is renamed.'),
    name: z.string(),
    markedDocTypeCatalog: z.string().describe('The official document catalogue this organization works from; `generic` unless set.'),
    isOfficial: z.boolean().describe('True only for the organization that publishes the official content.'),
    instant: z.boolean().describe('An instant account: created without an email; purged at `expiresAt` unless an email is added.'),
    sandbox: z.boolean().describe('A guest sandbox opened by POST /guest.'),
    expiresAt: z.string().nullable().describe('When an instant account or a sandbox is deleted with everything it owns; null when kept.'),
    createdAt: z.string(),
  })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof Organization>;

export const SignupInput = z
  .object({
    orgName: z.string().trim().min(2, 'must be at least 2 characters').max(120).optional(),
    name: PersonName.optional().describe('The first Manager’s name; generated when absent.'),
    email: Email.optional(),
    password: Password.optional(),
  })
  .refine((v) => (v.email === undefined) === (v.password === undefined), {
    message: 'email and password come together or not at all',
    path: ['password'],
  })
  .meta({
    id: 'SignupInput',
    // The refinement above, for the OpenAPI document (a refinement has no JSON Schema of its own).
    dependentRequired: { email: ['password'], password: ['email'] },
    description:
      'Optional as a whole. With no body (or without email and password) an instant account is created: generated names, no password, kept 30 days unless an email is added.',
  });
export type SignupInput = z.infer<typeof SignupInput>;

export const LoginInput = z
  .object({
    email: Email.optional().describe('The email address the account signed up with. Send this or `username`.'),
    username: Email.optional().describe('The same email address, under its older name; accepted as an alias of `email`, and not read when `email` is sent.'),
    password: z.string().min(1).max(256),
  })
  .refine((v) => v.email !== undefined || v.username !== undefined, {
    message: 'send the account’s email (as `email`, or as `username`)',
    path: ['email'],
  })
  .meta({
    id: 'LoginInput',
    // The refinement, for the OpenAPI document.
    anyOf: [{ required: ['email'] }, { required: ['username'] }],
    description: 'The account’s email, as `email` or as `username`, and its password. When both are sent, `email` is the one read.',
  });

export const ChangePasswordInput = z
  .object({ currentPassword: z.string().min(1).max(256), newPassword: Password })
  .meta({ id: 'ChangePasswordInput' });

export const ForgotPasswordInput = z.object({ email: Email }).meta({ id: 'ForgotPasswordInput' });

export const ResetPasswordInput = z
  .object({ token: z.string().min(10).max(200), newPassword: Password })
  .meta({ id: 'ResetPasswordInput' });

export const PasswordLinkInput = z
  .object({ token: z.string().min(10).max(200).describe('The token of the mailed link `/reset-password#token=…`.') })
  .meta({ id: 'PasswordLinkInput' });

export const PasswordLink = z
  .object({
    state: z
      .enum(['usable', 'used', 'expired', 'invalid'])
      .describe(
        '`usable`: a password can be set with it now. `used`: it was used, or cancelled by a newer link or a password or address change. `expired`: it was not used in time. `invalid`: no such link (mistyped, cut when copied), or its account was deactivated.',
      ),
    purpose: z.enum(['invitation', 'reset']).optional().describe('What the link was mailed for; present unless `invalid`.'),
    email: z.string().optional().describe('usable only: the address of the account the password is for, which signs in with it.'),
    name: z.string().optional().describe('usable only: that person’s name.'),
    organizationName: z.string().optional().describe('usable only: the organization the account is in (the one an invitation is to).'),
    expiresAt: z.string().optional().describe('usable only: when it stops working, ISO 8601.'),
  })
  .meta({
    id: 'PasswordLink',
    description:
      'What a reset or invitation link is, before a password is typed: the page that opens it says at once whom it is for, or that it is spent. Whose link it is is told only while it is usable: a spent link names nobody.',
  });

export type PasswordLink = z.infer<typeof PasswordLink>;

export const ConfirmEmailInput = z
  .object({ token: z.string().min(10).max(200).describe('The token of the mailed link `/confirm-email#token=…`.') })
  .meta({ id: 'ConfirmEmailInput' });

export const EmailConfirmationStatus = z
  .object({
    email: z.string().nullable().describe('Your address; null for the Manager of an instant account until one is added.'),
    confirmed: z
      .boolean()
      .describe(
        'True once a link mailed to this address was used: the confirmation link (mailed at sign-up and when the address changes), a reset link or an invitation link. False while `email` is null.',
      ),
    linkSentAt: z
      .string()
      .nullable()
      .describe(
        'While not confirmed: when the link to confirm it that still works was mailed (ISO 8601). Null once confirmed, and when no link works: none was mailed (a colleague a Manager gave a temporary password), it expired, or there is no address yet; POST /email-confirmation/resend mails one.',
      ),
    heldInvitations: z
      .number()
      .int()
      .min(0)
      .describe(
        'How many colleagues you added (POST /users, or a new address for one still invited) whose mail waits for your address to be confirmed; it is sent when it is. Colleagues who joined since or were deactivated are not counted. 0 once confirmed.',
      ),
    heldUserIds: z.array(z.string()).describe('The ids of those colleagues, as GET /users lists them: show them as waiting, not merely invited.'),
  })
  .meta({
    id: 'EmailConfirmationStatus',
    description: "The signed-in user's own address and whether it is confirmed; a Manager's invitation mails wait until it is.",
  });
export type EmailConfirmationStatus = z.infer<typeof EmailConfirmationStatus>;

export const CreateUserInput = z
  .object({
    name: PersonName,
    email: Email,
    role: Role.default('Originator'),
    temporaryPassword: Password.optional().describe(
      'When given, the colleague signs in with it and is asked to change it; when absent, an invitation mail with a link to set a password is sent (valid 7 days).',
    ),
  })
  .meta({
    id: 'CreateUserInput',
    description:
      "An address has one account across the service. An address already in your organization is a 409. An address that has an account in another organization is answered exactly like a new one (201, the same `User`, listed as invited), so adding a colleague never tells whether an address is in use elsewhere; that colleague stays invited and never becomes an account (its owner keeps the one they have, and is told by mail that nothing changed; a temporary password given for it never signs anyone in). Mails wait until the adding Manager's own address is confirmed.",
  });

export const UpdateUserInput = z
  .object({
    name: PersonName.optional(),
    email: Email.optional().describe('Adding an email to an instant account keeps the organization beyond 30 days.'),
    role: Role.optional(),
    active: z.boolean().optional().describe('false ends every session of the user.'),
    temporaryPassword: Password.optional().describe('Sets a password the user must change at next sign-in; ends their sessions.'),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'nothing to change' })
  .meta({
    id: 'UpdateUserInput',
    description: 'At least one of the fields (400 `nothing to change` otherwise); fields left out stay as they are.',
    // The refinement, for the OpenAPI document: at least one known field (unknown ones are ignored).
    minProperties: 1,
    anyOf: ['name', 'email', 'role', 'active', 'temporaryPassword'].map((field) => ({ required: [field] })),
  });

export const RenameOrganizationInput = z
  .object({ name: z.string().trim().min(2, 'must be at least 2 characters').max(120) })
  .meta({ id: 'RenameOrganizationInput' });

export const AccessMatrix = z
  .object({
    rights: z.array(z.object({ id: RightId, description: z.string() })),
    roles: z.array(z.object({ role: Role, rights: z.array(RightId) })),
    you: Role.describe('The caller’s role; API keys and guest keys act as Originators.'),
    callerKind: z.enum(['user', 'apiKey', 'guest']).describe('How the caller authenticated.'),
  })
  .meta({ id: 'AccessMatrix', description: 'The rights and roles exactly as the server enforces them.' });

export const ApiKey = z
  .object({
    id: z.string(),
    name: z.string().describe('Also the default `decidedBy` of runs started with the key.'),
    prefix: z.string().describe('The first characters of the secret, to recognise a key.'),
    createdAt: z.string(),
    createdBy: z.string().nullable().describe('The user who created the key.'),
    revokedAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });

export const CreatedApiKey = ApiKey.extend({
  secret: z.string().describe('The key itself, for `Authorization: Bearer`. Shown only in this response.'),
}).meta({ id: 'CreatedApiKey' });

export const CreateApiKeyInput = z
  .object({ name: z.string().trim().min(1).max(80) })
  .meta({ id: 'CreateApiKeyInput', description: 'The name is used as the default `decidedBy` of runs started with the key.' });

export const GuestKey = z
  .object({
    key: z.string().describe('A bearer key for the sandbox. Shown only here.'),
    organizationId: z.string(),
    expiresAt: z.string(),
    limits: z.object({ requestsPerMinute: z.number().int(), uploadPages: z.number().int(), validHours: z.number().int() }),
  })
  .meta({ id: 'GuestKey', description: 'A guest key opening its own sandbox organization, no account needed.' });

export const CONTACT_TOPICS = ['demo', 'pricing', 'support', 'partnership', 'security', 'other'] as const;
export const ContactInput = z
  .object({
    name: z.string().trim().min(1, 'is required').max(120),
    email: z.email({ pattern: EMAIL_PATTERN }).max(254),
    topics: z.array(z.enum(CONTACT_TOPICS)).min(1, 'pick at least one topic').max(CONTACT_TOPICS.length),
    message: z.string().max(5000).optional(),
    company: z.string().max(200).optional().describe('Leave empty. A honeypot: a filled one is accepted and discarded.'),
  })
  .meta({ id: 'ContactInput' });

export const ContactAck = z
  .object({ received: z.literal(true), message: z.string() })
  .meta({ id: 'ContactAck' });


/** What `POST /device-sessions` answers: the desktop app's session, held by its main process. */
export const DeviceSession = z
  .object({
    token: z.string().min(1).describe('The bearer token. Shown only here; keep it like a password.'),
    expiresAt: z.string(),
    user: User,
  })
  .meta({ id: 'DeviceSession' });
export type DeviceSession = z.infer<typeof DeviceSession>;
