/** 2-D affine matrices in PDF's [a b c d e f] form: (x, y) → (a·x + c·y + e, b·x + d·y + f). */
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `outer` after `inner`: the matrix that applies `inner` first, as the `cm` operator composes. */
export function compose(outer: Matrix, inner: ArrayLike<number>): Matrix {
  const [a, b, c, d, e, f] = outer;
  const [a2 = 1, b2 = 0, c2 = 0, d2 = 1, e2 = 0, f2 = 0] = Array.from(inner);
  return [a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f];
}

export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** Axis-aligned bounds of a rectangle [x0, y0, x1, y1] after `m`. */
export function boundsOf(m: Matrix, x0: number, y0: number, x1: number, y1: number): { x: number; y: number; w: number; h: number } {
  const pts = [apply(m, x0, y0), apply(m, x1, y0), apply(m, x0, y1), apply(m, x1, y1)];
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

export function isFiniteMatrix(m: ArrayLike<number>): boolean {
  for (let i = 0; i < 6; i++) if (!Number.isFinite(m[i])) return false;
  return true;
}
