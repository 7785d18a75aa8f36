/**
 * Learning from an organization's reviewers, as pure functions (no SQL, no HTTP): what an
 * approval or a corrected value teaches (a type example, a field anchor), and how a run of that
 * organization reads with it (types blended by layout neighbours, fields read at learned
 * anchors). Examples are kept per organization by `learning/` and never leave the server.
 */
export { cosine, fold, labelWords, layoutVector, LAYOUT_PAGES, tokens, type LearnPage, type Vec } from './features.js';
export {
  anchorOf,
  FIELD_LAYOUT_MIN,
  locateValue,
  mergeLearned,
  readLearned,
  UNCONFIRMED_MAX,
  VALIDATED_FROM,
  type DisputedReading,
  type FieldAnchor,
  type LearnedField,
  type LocatedValue,
  type Relation,
} from './fields.js';
export { blendTypes, TYPE_LAYOUT_MIN, typeVote, type TypeExample, type TypeVote } from './types.js';
export { amountsIn, checkValue, datesIn, findInLine, readValue, sameValue, valueTypeOf, type FieldSpec, type Money, type ValueType } from './values.js';
