/**
 * A request from the page that main refuses or cannot carry out, with a message written for the
 * person: the bridge passes it on as it is, where other errors get a generic preface.
 */
export class RequestError extends Error {
  override readonly name = 'RequestError';
}
