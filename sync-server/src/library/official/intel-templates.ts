import { IntelQuestion } from '@portal/shared';
import type { Queryable } from '../../db/db.js';
import { INTEL_TEMPLATE_FAMILY_KIND, intelTemplateEngine, intelTemplateKind } from '../kinds/intel-templates/kind.js';

/** The official intel templates, keyed by (id, version) like the rest of the official content. */
export interface OfficialIntelTemplate {
  id: string;
  version: number;
  name: string;
  description: string;
  questions: IntelQuestion[];
}

export const officialIntelTemplates = (): OfficialIntelTemplate[] => [
  {
    id: 'affordability',
    version: 1,
    name: 'Affordability',
    description:
      'Whether the applicant can afford the commitment: evidenced income and how stable it is, committed outgoings, what is left each month, and signs of financial stress, each figure cited to the document, page and line it comes from.',
    questions: [
      {
        prompt: 'What is the applicant’s regular net monthly income, and from which sources?',
        answerType: 'amount',
        guidance:
          'Use the most recent payslips and the bank statements that show the salary credits. Give gross and net where shown and name each employer or other source, citing each payslip’s pay date and net pay line. If income varies, give the average of the months shown and say how many months that is. Do not count one-off credits (refunds, transfers between the applicant’s own accounts, loans) as income.',
      },
      {
        prompt: 'Is the income stable and likely to continue?',
        answerType: 'yes-no',
        guidance:
          'Consider the employment start date, the contract type (permanent, fixed-term, probation), the months of consistent salary credits and any gaps or drops. For the self-employed, compare the last two years’ tax returns or accounts. Cite the contract or employer letter and the statements showing consecutive credits. Flag a probation period, a fixed-term end date, or a fall in income of more than 10%.',
      },
      {
        prompt: 'Do the income figures agree across the documents?',
        answerType: 'yes-no',
        guidance:
          'Compare the net pay on each payslip with the salary credited on the bank statement for the same month, and any income declared on an application form with both. Report every difference of more than 5% and cite both sides of it; name the month of each payslip that has no matching credit.',
      },
      {
        prompt: 'What are the applicant’s committed monthly outgoings?',
        answerType: 'list',
        guidance:
          'List each recurring debit on the bank statements: rent or mortgage, loan and credit card repayments, car finance, child maintenance, insurance, utilities and council tax. For each give the payee and monthly amount and cite a statement line where it appears, in at least two months where the statements cover them. Mark any commitment that a credit report shows but the statements do not.',
      },
      {
        prompt: 'How much remains each month after committed outgoings, and does it cover the proposed repayment?',
        answerType: 'amount',
        guidance:
          'Net monthly income minus committed outgoings, showing every figure used and citing where each comes from. Give the proposed repayment only if a document of the case states it, and say so when none does. State whether the remainder covers it and by what margin.',
      },
      {
        prompt: 'Does the account history show signs of financial stress?',
        answerType: 'yes-no',
        guidance:
          'Look for unarranged overdraft use, returned or bounced payments, payday or other short-term lenders, gambling transactions, debt collection agencies, and large cash withdrawals just after payday. Cite each instance with its statement, page and line. If there are none, say which accounts and which months were checked.',
      },
    ],
  },
  {
    id: 'identity-consistency',
    version: 1,
    name: 'Identity consistency',
    description:
      'Whether every document in the case is about the same person: name, date of birth and address compared across documents against the identity document, with each discrepancy cited.',
    questions: [
      {
        prompt: 'What is the applicant’s full legal name, as the identity document gives it?',
        answerType: 'text',
        guidance:
          'Take it from the passport, identity card or driving licence and cite the line. Note middle names, and any other names (maiden, previous, aliases) that appear anywhere in the case, each with its citation.',
      },
      {
        prompt: 'Is the applicant’s name the same on every document?',
        answerType: 'yes-no',
        guidance:
          'Compare the name on each document with the identity document. List every variant (a missing middle name, initials, transposed names, a different surname) with its document, page and line. Treat a variant as explained only when a document in the case explains it, such as a marriage certificate or deed poll, and cite that document.',
      },
      {
        prompt: 'Is the date of birth the same on every document that states one?',
        answerType: 'yes-no',
        guidance:
          'Compare the date of birth on the identity document with every other document that gives one (application form, payslips, tax documents, credit report), citing each. Watch for day and month swapped between date formats, and say when that is the only difference.',
      },
      {
        prompt: 'What is the applicant’s current address, and do the recent documents agree on it?',
        answerType: 'text',
        guidance:
          'Take the address from the most recent proof of address (a utility bill or bank statement dated within the last three months) and compare it with the identity document, payslips and other statements. Cite the address line of each document; list each different address with its document and date, and say whether the differences fit a move (older documents at an older address) or conflict.',
      },
      {
        prompt: 'Is the identity document in date, and are its details consistent with themselves?',
        answerType: 'yes-no',
        guidance:
          'Check the expiry date against today. For a passport whose machine-readable zone is legible in the text, check that it agrees with the printed name, date of birth, document number and expiry date. Cite the lines compared. Do not judge authenticity from the image; say plainly what could not be checked.',
      },
      {
        prompt: 'Does any document name a different person, or contradict itself?',
        answerType: 'yes-no',
        guidance:
          'Flag documents addressed to someone other than the applicant, and documents whose text contradicts itself: two amounts or dates for the same item, totals that do not add up, dates that do not exist or fall on a weekend where the document implies a working day. Cite each finding. "None found" is an answer when the documents were checked; say which.',
      },
    ],
  },
  {
    id: 'source-of-funds',
    version: 1,
    name: 'Source of funds',
    description:
      'Where the money for the transaction comes from: each source traced into the applicant’s account and evidenced by a document, gifts documented as gifts, and the transactions that call for enhanced due diligence.',
    questions: [
      {
        prompt: 'How much is the applicant contributing, and towards what?',
        answerType: 'amount',
        guidance:
          'Take the amount (deposit, share of the purchase price, investment) from the application form, sale agreement, offer or completion statement, and cite it. If no document of the case states it, say so rather than inferring it.',
      },
      {
        prompt: 'Where do the funds come from?',
        answerType: 'list',
        guidance:
          'List each source: savings from salary, the sale of a property or investments, a gift, an inheritance, a loan, business profits. For each give the amount and cite the document that evidences it (a completion statement, an investment sale confirmation, a gift letter, a will or grant of probate, a loan agreement). Name any source the case asserts but does not evidence.',
      },
      {
        prompt: 'Can each source be traced into the account the funds will be paid from?',
        answerType: 'yes-no',
        guidance:
          'Follow each source to its credit on the bank statement of the paying account, citing the date, amount and payer, and the document that explains it. List every large credit the case does not explain, with its statement line. Say how many months of account history were reviewed.',
      },
      {
        prompt: 'If part of the funds is a gift, is it documented as a gift with nothing to repay?',
        answerType: 'yes-no',
        guidance:
          'Look for a signed gift letter naming the donor, their relationship to the applicant and the amount, stating that it is not a loan and gives the donor no interest in what is bought. Cite the letter and, if present, the donor’s statement showing the funds leaving their account. When no gift is involved, answer no and say that none was found.',
      },
      {
        prompt: 'Are there transactions that call for enhanced due diligence?',
        answerType: 'yes-no',
        guidance:
          'Flag cash deposits, credits from third parties with no explained relationship, transfers to or from high-risk jurisdictions, cryptocurrency exchanges, round-sum credits shortly before the application, and money moved through several accounts. Cite each with its statement, page and line, and say which document would explain it.',
      },
      {
        prompt: 'Is the amount accumulated plausible given the applicant’s evidenced income?',
        answerType: 'yes-no',
        guidance:
          'Compare the funds with the income the case evidences (payslips, tax returns, accounts) over the period they were saved, showing the arithmetic and citing each figure. When the case lacks what a conclusion needs, say what is missing.',
      },
    ],
  },
];

/**
 * Publishes the official intel templates the official organization does not have yet, checked
 * by the rules an organization's save and activation apply. Returns the keys it published.
 */
export async function publishOfficialIntelTemplates(
  tx: Queryable,
  officialOrgId: string,
  templates: readonly OfficialIntelTemplate[] = officialIntelTemplates(),
): Promise<string[]> {
  const engine = intelTemplateEngine();
  const published: string[] = [];
  for (const t of [...templates].sort((a, b) => a.version - b.version)) {
    const questions = IntelQuestion.array().parse(t.questions);
    const ctx = { q: tx, orgId: officialOrgId, id: t.id, itemKind: null };
    const content = await intelTemplateKind.validate({ description: t.description, questions }, ctx);
    const incomplete = await intelTemplateKind.incompleteness(content, ctx);
    if (incomplete) throw new Error(`Official intel template ${t.id} v${t.version} is incomplete: ${incomplete}`);
    if (await engine.publish(tx, { orgId: officialOrgId, id: t.id, version: t.version, name: t.name, content })) {
      published.push(`${INTEL_TEMPLATE_FAMILY_KIND}/${t.id}/${t.version}`);
    }
  }
  return published;
}
