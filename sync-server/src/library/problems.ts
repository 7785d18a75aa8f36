import { badRequest } from '../http-error.js';

export const MAX_PROBLEMS_SHOWN = 5;

/** One 400 naming the first few problems, so a client can fix several of them per round trip. */
export function problemsError(problems: readonly string[]) {
  const shown = problems.slice(0, MAX_PROBLEMS_SHOWN).join('; ');
  const more = problems.length - MAX_PROBLEMS_SHOWN;
  return badRequest(more > 0 ? `${shown}; and ${more} more` : shown);
}
