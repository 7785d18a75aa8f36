/**
 * The editor kit: what every versioned library kind's pages share — the head with the version,
 * its state and lifecycle actions, the one save-state indicator, the draft form and its save
 * model, problems in a manager's words, and the read-only view of versions not edited here.
 */
export * from './access';
export * from './draft-form';
export * from './draft-page';
export * from './problems';
export * from './save-state';
export * from './version-head';
export * from './version-view';
export * from './family-listing';
