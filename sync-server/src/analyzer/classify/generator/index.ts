/**
 * The training-page generator: varied documents of every official type and of none (fallback),
 * over UK, US and EU styles, with OCR-like damage on a share of them. Deterministic by seed.
 */
import type { GenDoc } from './common.js';
import { fallback } from './docs-fallback.js';
import { bankStatement, creditCardStatement, mortgageStatement, p60, payslip, pensionStatement, taxReturn } from './docs-finance.js';
import { drivingLicence, nationalIdCard, passport } from './docs-identity.js';
import { companyCertificate, councilTaxBill, employmentLetter, invoice, referenceLetter, tenancyAgreement, utilityBill } from './docs-other.js';
import { ocrNoise } from './noise.js';
import { Rng } from './rng.js';

export type { GenDoc } from './common.js';
export { Rng } from './rng.js';

export const GENERATORS: Record<string, (rng: Rng) => GenDoc> = {
  passport,
  'national-id-card': nationalIdCard,
  'driving-licence': drivingLicence,
  'bank-statement': bankStatement,
  'credit-card-statement': creditCardStatement,
  payslip,
  p60,
  'tax-return': taxReturn,
  'employment-letter': employmentLetter,
  'utility-bill': utilityBill,
  'council-tax-bill': councilTaxBill,
  'tenancy-agreement': tenancyAgreement,
  'mortgage-statement': mortgageStatement,
  'pension-statement': pensionStatement,
  'company-registration-certificate': companyCertificate,
  invoice,
  'reference-letter': referenceLetter,
  fallback,
};

export interface GenerateOptions {
  seed: number;
  perType: number;
  /** Share of documents given OCR damage. */
  noisy?: number;
}

export function generateDocuments(opts: GenerateOptions): (GenDoc & { noisy: boolean })[] {
  const rng = new Rng(opts.seed);
  const out: (GenDoc & { noisy: boolean })[] = [];
  for (const [type, gen] of Object.entries(GENERATORS)) {
    const n = type === 'fallback' ? Math.round(opts.perType * 2) : opts.perType;
    for (let i = 0; i < n; i++) {
      const doc = gen(rng);
      const noisy = rng.chance(opts.noisy ?? 0.35);
      out.push({ ...doc, pages: noisy ? ocrNoise(rng, doc.pages, 0.01 + rng.next() * 0.07) : doc.pages, noisy });
    }
  }
  return out;
}
