import { randomInt } from 'node:crypto';

const FIRST = ['Amber', 'Brisk', 'Calm', 'Clever', 'Copper', 'Crisp', 'Daring', 'Eager', 'Gentle', 'Golden', 'Hardy', 'Jolly', 'Keen', 'Lively', 'Lucky', 'Mellow', 'Nimble', 'Noble', 'Quiet', 'Rapid', 'Rosy', 'Silver', 'Steady', 'Sunny', 'Swift', 'Tidy', 'Vivid', 'Witty'];
const SECOND = ['Birch', 'Cedar', 'Clover', 'Coral', 'Dune', 'Fern', 'Harbor', 'Hazel', 'Heath', 'Juniper', 'Lagoon', 'Linden', 'Maple', 'Meadow', 'Orchard', 'Pebble', 'Prairie', 'Quarry', 'Ridge', 'River', 'Saffron', 'Spruce', 'Summit', 'Thistle', 'Valley', 'Willow'];
const THIRD = ['Badger', 'Beacon', 'Bison', 'Crane', 'Falcon', 'Finch', 'Fox', 'Heron', 'Ibis', 'Kestrel', 'Lynx', 'Marten', 'Otter', 'Owl', 'Panda', 'Puffin', 'Raven', 'Robin', 'Salmon', 'Sparrow', 'Stork', 'Swan', 'Tern', 'Walrus', 'Wren'];

const pick = (words: string[]) => words[randomInt(words.length)]!;

/** A generated three-word name for an instant account's organization or Manager ("Brisk Cedar Otter"). */
export const threeWordName = () => `${pick(FIRST)} ${pick(SECOND)} ${pick(THIRD)}`;
