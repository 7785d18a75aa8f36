// Written by `npm run eval -- --fit` from the development corpora (../shared/corpus and
// ../shared/corpus-real): raw score → share right, per kind of confidence. Do not edit by hand.
import type { Curve } from './calibration.js';

export const CALIBRATION_CURVES: { type: Curve; boundary: Curve; field: Curve } = {"type":[[0.268,0.5],[0.945,0.99]],"boundary":[[0.813,0.909],[0.993,0.99]],"field":[[0.424,0.667],[0.506,0.75],[0.632,0.759],[0.699,0.814],[0.759,0.848],[0.871,0.941],[0.943,0.947],[0.971,0.99]]};
