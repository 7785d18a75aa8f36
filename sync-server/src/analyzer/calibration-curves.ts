// Written by `npm run eval -- --fit` from the development corpora (../shared/corpus and
// ../shared/corpus-real): raw score → share right, per kind of confidence. Do not edit by hand.
import type { Curve } from './calibration.js';

export const CALIBRATION_CURVES: { type: Curve; boundary: Curve; field: Curve } = {"type":[[0.229,0.625],[0.936,0.99]],"boundary":[[0.775,0.909],[0.991,0.99]],"field":[[0.402,0.667],[0.513,0.714],[0.598,0.788],[0.667,0.824],[0.742,0.861],[0.879,0.953],[0.971,0.99]]};
