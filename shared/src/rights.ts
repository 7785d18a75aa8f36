/**
 * Who may do what: one table used by the server to enforce and by clients to show. The spec
 * names two roles (Manager, Originator) and leaves the list of rights to us (Part 5).
 */
export const ROLES = ['Manager', 'Originator'] as const;
export type RoleName = (typeof ROLES)[number];

export const RIGHTS = {
  'organization.read': 'See the organization, its users and the access matrix.',
  'organization.manage': 'Rename the organization and set its marked document catalogue.',
  'users.manage': 'Add colleagues, edit their details and roles, deactivate them.',
  'keys.manage': 'Create, list and revoke API keys.',
  'webhooks.manage': 'Add, list, test and remove webhook endpoints.',
  'models.manage': 'Choose the model used for each analyzer stage.',
  'library.read': 'Read expected document lists, catalogues, schemas, bundles, sections, workflows and intel templates.',
  'library.edit': 'Create and edit drafts of lists, schemas, bundles, sections, workflows and intel templates; activate them; set defaults.',
  'cases.read': 'Read cases, their files, documents, text and ledger.',
  'cases.create': 'Create cases, add files to them, and send what your own engine read of a file (analysis ingest).',
  'expectedDocs.set': 'Set what a case is checked against: another list or version, a line waived or added for that case alone.',
  'runs.start': 'Start and cancel workflow runs.',
  'documents.decide': 'Approve, settle or junk documents, and decide at the gate.',
  'briefs.start': 'Start intel briefs and use the case assistant.',
  'insights.read': 'See how well the analyzer reads the organization’s documents, measured from what its people decided (Insights).',
} as const;
export type Right = keyof typeof RIGHTS;
export const RIGHT_IDS = Object.keys(RIGHTS) as Right[];

// Not `expectedDocs.set`: waiving a line, or checking a case against another list, is an
// exception to the organization's checklist, which reviewers at the gate ask a Manager for.
const ORIGINATOR_RIGHTS: readonly Right[] = [
  'organization.read',
  'library.read',
  'library.edit',
  'cases.read',
  'cases.create',
  'runs.start',
  'documents.decide',
  'briefs.start',
];

export const ROLE_RIGHTS: Readonly<Record<RoleName, readonly Right[]>> = {
  Manager: RIGHT_IDS,
  Originator: ORIGINATOR_RIGHTS,
};

/** How a caller proved who it is. An API key (and a guest key) acts as an Originator (spec Part 5). */
export type CallerKind = 'user' | 'apiKey' | 'guest';

export function roleOf(kind: CallerKind, userRole: RoleName | undefined): RoleName {
  return kind === 'user' && userRole ? userRole : 'Originator';
}

export function hasRight(role: RoleName, right: Right): boolean {
  return ROLE_RIGHTS[role].includes(right);
}
