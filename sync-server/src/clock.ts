/** The server's notion of now. Injected so retention and expiry are testable without waiting. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
