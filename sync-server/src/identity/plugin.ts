/**
 * Identity: who people and programs are, and what their organization is. Spec tags `access`,
 * `keys` and `users`; every operation of those tags is registered here.
 *
 *   plugin.ts                 builds the services below, decorates them as `app.identity`, and
 *                             `app.organizationInitializers` (areas registered later add theirs)
 *   routes.ts                 registers routes/*, one file per group, no SQL in any of them:
 *     routes/access.ts          GET /access-matrix, POST /guest                          (access)
 *     routes/api-keys.ts        /api-keys                                                (keys)
 *     routes/sessions.ts        /signup, /login, /device-sessions, /logout, /me, /password* (users)
 *     routes/users.ts           /users                                                   (users)
 *     routes/organization.ts    /organization, PUT /organization/marked-doc-type-catalog (users)
 *   sessions-service.ts       sign-up, sign-in, sessions, own password, reset links
 *   users-service.ts          colleagues: add (invitation mail), edit (last-Manager rule)
 *   organization-service.ts   organizations: create (with areas' initializers), rename, catalogue
 *   api-keys-service.ts       API keys and guest keys with their sandbox
 *   repository.ts             every SQL statement of identity, grouped by table
 *   rows.ts                   row types and their API shapes (other areas may import the types)
 *   auth-plugin.ts            the /api auth hook (`config.access`), cookies, `app.callerOf`;
 *                             registered by app.ts before every area, not by this plugin
 *   authenticate.ts           bearer keys, device sessions and cookies → `Caller`
 *   credential-cache.ts       resolved credentials kept per app, evicted on `portal_auth`
 *   caller.ts                 `Caller` and `requireCaller`, shared with every area
 *   mailed-links.ts           mails with links (reset, invitation, address confirmation) and
 *                             the note to an address's owner; names in them made safe
 *   passwords.ts, secrets.ts  scrypt password hashes behind a fair gate; minted secrets, hashes
 *   instant-names.ts          generated three-word names for instant accounts
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FairSlots } from '../fair-slots.js';
import { ApiKeyService } from './api-keys-service.js';
import { MailedLinks } from './mailed-links.js';
import { OrganizationService, type OfficialCatalogs, type OrganizationInitializer } from './organization-service.js';
import identityRoutes from './routes.js';
import { PasswordHasher } from './passwords.js';
import { FORGOT_JOB, SessionService } from './sessions-service.js';
import { UserService } from './users-service.js';

export interface IdentityServices {
  sessions: SessionService;
  users: UserService;
  /** Other areas create organizations (and read them) through this. */
  organizations: OrganizationService;
  apiKeys: ApiKeyService;
  /** Every scrypt of this process, behind one fair gate; its counters show what was hashed. */
  passwords: PasswordHasher;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityServices;
    /** Run inside the transaction that creates an organization; areas registered later add theirs. */
    organizationInitializers: OrganizationInitializer[];
  }
}

export default fp(
  async function identity(app: FastifyInstance) {
    // Which catalogues may be marked is the library's to say. It registers after identity, so
    // it is asked at request time.
    const catalogs: OfficialCatalogs = { officialCatalogIds: (q) => app.library.officialCatalogIds(q) };
    const { db, clock, config, throttle, credentials } = app;
    const links = new MailedLinks({ clock, config, sendMail: app.sendMail });
    const initializers: OrganizationInitializer[] = [];
    app.decorate('organizationInitializers', initializers);
    const organizations = new OrganizationService({ db, initializers, catalogs });
    const { concurrency, perAddress, queue } = config.passwordHashing;
    // Keyed by client address, no reserve: every address may use every slot while it is alone.
    const slots = new FairSlots(concurrency, 0, { perOrg: perAddress, total: queue });
    app.queueStats.register('password-hashing', () => slots.stats());
    const passwords = new PasswordHasher(slots, (client, waitedMs) => {
      // A wait of more than a few hashes is worth an operator's eye: who queued, for how long.
      if (waitedMs >= 500) app.log.warn({ client, waitedMs: Math.round(waitedMs) }, 'password hash waited for its turn');
    });
    const sessions = new SessionService({ db, clock, config, throttle, hasher: passwords, links, jobs: app.jobs, organizations, credentials });
    app.jobs.register<{ email: string }>(FORGOT_JOB, (job) => sessions.mailResetLink(job.payload.email));
    app.decorate('identity', {
      sessions,
      users: new UserService({ db, clock, config, throttle, hasher: passwords, links, credentials }),
      organizations,
      apiKeys: new ApiKeyService({ db, clock, config, throttle, organizations, credentials }),
      passwords,
    } satisfies IdentityServices);
    await app.register(identityRoutes);
  },
  { name: 'identity', dependencies: ['services', 'mail', 'auth'] },
);
