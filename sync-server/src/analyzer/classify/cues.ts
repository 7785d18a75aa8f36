/**
 * What a document says it is, in the words real documents use for themselves, in English, French,
 * German, Dutch, Spanish, Italian and Portuguese: titles ("Relevé de compte", "Kontoauszug",
 * "Factuur"), the labels only one type prints ("Net pay", "Solde", "Due date") and the marks of
 * kinds that are none of the types (US information returns, loan applications, contracts).
 *
 * The trained model learns from our generator, whose wording is ours; these cues are the
 * vocabulary of the domain, so a layout or a language the generator never made still names its
 * type. A cue found in the title zone (the top of the first page, or a line printed larger than
 * the body) weighs double: a title says what a document is, a word in the small print may not.
 * Every pattern is matched on folded text (lower case, no accents).
 */
import type { ParsedPage, TextLine } from '../types.js';
import { type LanguageCounts, countLanguage } from '../language.js';

export interface Cue {
  re: RegExp;
  /** Counts as a title wherever the page shows it: words only one kind of paper prints. */
  decisive?: boolean;
  /** A plain phrase (words only): looked up among the text's word n-grams instead of scanning it. */
  phrase?: string;
  /** Evidence in logits: about 1 = a hint, 3 = a title that names the type. */
  w: number;
}

const words = (s: string) => s.match(/[a-z0-9]+/g) ?? [];
const c = (w: number, ...phrases: string[]): Cue[] =>
  phrases.map((x) => ({ re: new RegExp(`(?<![a-z0-9])(?:${x})(?![a-z])`), w, ...(/^[a-z0-9' ]+$/.test(x) ? { phrase: words(x).join(' ') } : {}) }));

const decisive = (cues: Cue[]): Cue[] => cues.map((q) => ({ ...q, decisive: true }));

/** Cues per official type; `fallback` holds the kinds that look like money or identity but are none of the types. */
export const TYPE_CUES: Record<string, Cue[]> = {
  passport: [
    ...c(3, 'passport', 'passeport', 'reisepass', 'paspoort', 'pasaporte', 'passaporto', 'passaporte'),
    ...c(1.5, 'date of expiry', "date d'expiration", 'gultig bis', 'fecha de caducidad', 'data di scadenza', 'place of birth', 'lieu de naissance', 'nationality', 'nationalite', 'staatsangehorigkeit', 'nacionalidad', 'cittadinanza', 'authority', 'autorite'),
    // A passport's zone: `P<UTOERIKSSON<<ANNA…` (its name runs on from the state code).
    ...c(2, 'p[<a-z][a-z]{3}[a-z]*<<[a-z<]*'),
  ],
  'national-id-card': [
    ...c(3.5, "carte nationale d'identite", 'carte d.identite', 'identity card', 'personalausweis', 'identiteitskaart', 'documento nacional de identidad', "carta d'identita", 'carta di identita', 'cartao de cidadao', 'dni'),
    ...c(2, 'id card', 'identity document'),
    ...c(1.5, 'nationalite', 'nacionalidad', 'cittadinanza', 'date of birth', 'date de naiss', 'fecha de nacimiento', 'luogo di nascita', 'lugar de nacimiento', 'sexe', 'sexo', 'sesso', 'apellidos', 'cognome'),
    // A card's zone: `I<UTOD23145890…`, fillers in it (a word like `identificacion` has none).
    ...c(2, 'i[d<][a-z]{3}(?=[a-z0-9<]{9})[a-z0-9]*<[a-z0-9<]*'),
  ],
  'driving-licence': [
    // (A US state's identity card says `NOT A DRIVER LICENSE`: no licence cue.)
    ...c(3.5, "(?<!not an? )driver'?s? licen[cs]e", 'driving licen[cs]e', 'permis de conduire', 'fuhrerschein', 'rijbewijs', 'permiso de conduc(?:ir|cion)', 'patente di guida', 'carta de conducao', 'commercial driver', 'learner permit'),
    ...c(1.5, 'dln', 'class [a-d]\\b', 'restrictions', 'endorsements?', 'organ donor', 'donor', 'eyes', 'hgt', 'wgt', 'dob', 'iss', 'exp'),
  ],
  'bank-statement': [
    // An account's name (a savings account advertised on a card statement) is not a title.
    ...c(2.5, 'checking account', 'savings account', 'current account', 'account statement'),
    ...c(3, 'bank statement', 'statement of account', 'checking statement', 'releve de compte', 'releve bancaire', 'extrait de compte', 'kontoauszug', 'rekeningafschrift', 'dagafschrift', 'extracto (?:bancario|de cuenta)', 'estratto conto', 'extrato (?:bancario|de conta)'),
    ...c(1.8, 'opening balance', 'closing balance', 'beginning balance', 'ending balance', 'balance brought forward', 'balance carried forward', 'previous balance', 'new balance', 'solde (?:initial|final|crediteur|debiteur|precedent|au)', 'ancien solde', 'nouveau solde', 'anfangssaldo', 'endsaldo', 'alter kontostand', 'neuer kontostand', 'beginsaldo', 'eindsaldo', 'saldo (?:inicial|final|anterior|iniziale|finale)', 'deposits', 'withdrawals', 'direct deposit', 'debits?', 'credits?', 'iban', 'bic', 'sort code', 'routing number', 'daily balance', 'overdraft'),
  ],
  'credit-card-statement': [
    ...c(3.5, 'credit card statement', 'card statement', 'card account statement', 'releve de carte', 'kreditkartenabrechnung', 'creditcardoverzicht', 'extracto de (?:la )?tarjeta', 'estratto conto carta'),
    ...c(2, 'minimum payment', 'minimum amount due', 'payment due date', 'credit limit', 'available credit', 'new balance', 'purchases', 'cash advances?', 'interest charged', 'card ?member', 'account ending', 'annual percentage rate', 'apr', 'paiement minimum', 'mindestbetrag', 'pago minimo', 'pagamento minimo'),
    ...c(2, 'card ending', 'credit line', 'cash advance limit', 'membership rewards', 'rewards points', 'late payment warning', 'minimum payment warning', 'balance transfers?', 'total credit limit'),
  ],
  payslip: [
    ...c(3.5, 'payslip', 'pay slip', 'pay stub', 'paystub', 'pay statement', 'earnings statement', 'pay advice', 'statement of earnings', 'bulletin de (?:paie|salaire)', 'fiche de paie', 'gehaltsabrechnung', 'lohnabrechnung', 'entgeltabrechnung', 'verdienstabrechnung', 'loonstrook', 'salarisstrook', 'loonbrief', 'nomina', 'recibo de salario', 'busta paga', 'cedolino', 'recibo de vencimento', 'abrechnung der brutto', 'brutto.netto.bezuge'),
    ...c(2, 'net pay', 'gross pay', 'take home', 'earnings', 'deductions', 'year to date', 'ytd', 'pay period', 'pay date', 'salaire (?:brut|net)', 'net a payer', 'cotisations', 'brutto', 'netto', 'auszahlungsbetrag', 'lohnsteuer', 'bruto', 'neto', 'liquido', 'retenciones', 'devengos', 'competenze', 'trattenute', 'netto in busta', 'federal income tax', 'social security', 'medicare', 'national insurance', 'paye'),
  ],
  p60: [...c(4, 'p60', 'end of year certificate'), ...c(1.5, 'tax year to 5 april', 'national insurance', 'paye reference')],
  'tax-return': [
    ...c(3.5, 'tax return', 'income tax return', 'form 1040', 'sa302', 'tax calculation', 'tax year overview', 'notice of assessment', 'avis d.imposition', 'declaration de revenus', 'einkommensteuererklarung', 'steuerbescheid', 'aangifte inkomstenbelasting', 'declaracion de la renta', 'declaracion de impuestos', 'dichiarazione dei redditi', 'declaracao de irs'),
    ...c(1.8, 'adjusted gross income', 'taxable income', 'total income', 'total tax', 'filing status', 'standard deduction', 'revenu fiscal', 'impot sur le revenu', 'zu versteuerndes einkommen', 'base imponible', 'reddito imponibile', 'rendimento coletavel'),
  ],
  'employment-letter': [
    ...c(3, 'verification of employment', 'employment verification', 'confirmation of employment', 'proof of employment', "attestation d'emploi", 'attestation employeur', 'attestation de travail', 'arbeitsbescheinigung', 'arbeitgeberbescheinigung', 'werkgeversverklaring', 'certificado de empresa', 'certificado laboral', 'dichiarazione del datore di lavoro', 'declaracao de emprego'),
    ...c(1.8, 'to whom it may concern', 'employed (?:by|with|since|as)', 'date of hire', 'hire date', 'start date', 'job title', 'position', 'annual salary', 'base (?:pay|salary)', 'present position', 'employer', 'employee', 'salaire annuel', 'jahresgehalt'),
  ],
  'utility-bill': [
    // A utility's bill calls itself a bill or an invoice: those words tie it with an invoice, and its domain decides.
    ...c(3, 'facture', 'rechnung', 'factuur', 'factura', 'fattura', 'fatura', 'your bill', 'bill date'),
    ...c(3.5, 'bolletta'),
    ...c(4, 'electricity bill', 'energy bill', 'gas bill', 'water bill', 'utility bill', 'facture d.(?:electricite|energie|eau|gaz)', 'stromrechnung', 'gasrechnung', 'energierechnung', 'wasserrechnung', 'energierekening', 'jaarafrekening', 'factura de (?:luz|electricidad|gas|agua)', 'bolletta', 'fatura de (?:eletricidade|luz|agua|gas)'),
    ...c(2.5, 'electricity', 'electricite', 'electric', 'kwh', 'kva', 'meter', 'compteur', 'zahler', 'meterstand', 'contador', 'contatore', 'consumption', 'consommation', 'verbrauch', 'verbruik', 'consumo', 'usage', 'service address', 'supply address', 'lieu de consommation', 'point de livraison', 'tariff', 'tarif', 'standing charge', 'abonnement', 'energy', 'gas', 'water', 'sewer', 'broadband', 'kilowatt', 'therms?', 'acheminement'),
  ],
  'council-tax-bill': [...c(4, 'council tax'), ...c(2, 'band [a-h]\\b', 'valuation band', 'billing authority', 'single person discount')],
  'tenancy-agreement': [
    ...c(3.5, 'tenancy agreement', 'assured shorthold', 'lease agreement', 'residential lease', 'rental agreement', 'contrat de (?:location|bail)', 'bail d.habitation', 'mietvertrag', 'huurovereenkomst', 'huurcontract', 'contrato de (?:arrendamiento|alquiler)', 'contratto di locazione', 'contrato de arrendamento'),
    ...c(2, 'landlord', 'tenants?', 'bailleur', 'locataire', 'vermieter', 'mieter', 'verhuurder', 'huurder', 'arrendador', 'arrendatario', 'locatore', 'conduttore', 'senhorio', 'inquilino', 'deposit', 'depot de garantie', 'kaution', 'waarborgsom', 'fianza', 'deposito cauzionale', 'rent', 'loyer', 'miete', 'huur', 'renta', 'canone', 'premises', 'the property'),
  ],
  'mortgage-statement': [
    ...c(3.5, 'mortgage statement', 'annual mortgage statement', 'mortgage account', 'home loan statement', 'releve de pret', 'tableau d.amortissement', 'hypothekenkontoauszug', 'darlehenskontoauszug', 'hypotheekoverzicht', 'extracto de (?:la )?hipoteca', 'estratto mutuo'),
    ...c(2, 'mortgage', 'escrow', 'principal', 'unpaid principal', 'outstanding balance', 'remaining balance', 'loan number', 'interest rate', 'pret immobilier', 'hypothek', 'darlehen', 'hypotheek', 'hipoteca', 'mutuo'),
  ],
  'pension-statement': [
    ...c(3.5, 'pension statement', 'annual benefit statement', 'retirement (?:account|plan|savings)', '401\\(?k\\)?', 'superannuation', 'releve de (?:retraite|situation individuelle)', 'renteninformation', 'rentenauskunft', 'pensioenoverzicht', 'uniform pensioenoverzicht', 'plan de pensiones', 'fondo pensione', 'plano de pensoes'),
    ...c(2, 'pension', 'retirement', 'retraite', 'rente', 'pensioen', 'pensiones', 'pensione', 'reforma', 'vested', 'contributions', 'investment options?', 'account valuation', 'units', 'unit prices?', 'insurance details', 'total and permanent', 'terminal illness', 'fund value', 'plan value', 'pot value', 'beneficiar(?:y|ies)', 'death (?:and|&) (?:tpd|total)', 'insurance cover', 'member (?:number|no|id)'),
  ],
  'company-registration-certificate': [
    ...c(4, 'certificate of incorporation', 'articles of (?:organization|organisation|incorporation)', 'certificate of formation', 'extrait kbis', 'kbis', 'handelsregisterauszug', 'uittreksel (?:handelsregister|kamer van koophandel)', 'registro mercantil', 'visura camerale', 'certidao permanente'),
    ...c(2, 'registrar of companies', 'company number', 'companies house', 'incorporated', 'registered office', 'secretary of state', 'handelsregister', 'kvk', 'rcs', 'siren', 'chamber of commerce'),
  ],
  invoice: [
    ...c(3.5, 'invoice', 'tax invoice', 'facture', 'rechnung', 'handelsrechnung', 'beitragsrechnung', 'schlussrechnung', 'teilrechnung', 'sammelrechnung', 'factuur', 'factura', 'fattura', 'fatura', 'nota fiscal', 'bill to', 'invoice (?:no|number|date|#)'),
    // Brazil's printed e-invoice (DANFE, NF-e); China's fapiao and Japan's seikyūsho by their
    // characters. (`Faktura` as a title was tried: under cross-validation it cut a two-page Polish
    // invoice in two, the split taking its short second page for another document.)
    ...c(3.5, 'danfe', 'nf-e', 'documento auxiliar da nota fiscal', '发票', '發票', '請求書'),
    // Tax words print on every bill, a utility's too: a hint only.
    ...c(1, 'vat', 'tva', 'ttc', 'ht', 'mwst', 'ust', 'btw', 'iva', 'client', 'cliente', 'klant'),
    ...c(2, 'due date', 'subtotal', 'sub total', 'total due', 'amount due', 'balance due', 'unit price', 'qty', 'quantity', 'prix unitaire', 'einzelpreis', 'menge', 'aantal', 'cantidad', 'quantita', 'quantidade', 'payment terms', 'date d.echeance', 'falligkeitsdatum', 'vervaldatum', 'fecha de vencimiento', 'data di scadenza', 'data de vencimento', 'termin p[l\u0142]atnosci', 'forfallodato', 'forfallsdatum', 'forfaldsdato', 'erapaiva', 'datum splatnosti', 'fizetesi hatarido', 'ship to', 'remit to', 'purchase order', 'p\\.?o\\.? (?:no|number)', 'seller', 'buyer', 'verkaufer', 'kaufer', 'vendeur', 'acheteur'),
  ],
  'reference-letter': [...c(3.5, 'reference letter', 'letter of reference', 'character reference', 'landlord reference', 'letter of recommendation', 'lettre de recommandation', 'empfehlungsschreiben', 'referentie', 'carta de recomendacion', 'lettera di referenze'), ...c(1.8, 'i have known', 'i recommend', 'without hesitation', 'reliable', 'trustworthy')],
  fallback: [
    // Kinds that talk money, tax or identity and are none of the catalogue's types.
    ...c(4, 'form w-?2', 'wage and tax statement', 'form 1099', '1099-[a-z]{1,4}', 'form w-?9', 'request for taxpayer identification', 'uniform residential loan application', 'loan application', 'homeowners? association', 'hoa dues', 'license agreement', 'terms of service', 'non-disclosure agreement', 'purchase agreement', 'chapter [ivx\\d]+'),
    // Papers of money that are none of the types: a shop's receipt, a hotel's folio, an insurance
    // policy, a loan's note, disclosure or estimate (a receipt totals and taxes like an invoice).
    ...c(3.5, 'sales receipt', 'cash receipt', 'official receipt', 'receipt (?:no|number|#)', 'ticket de caisse', 'bon de caisse', 'kassenbon', 'kassenzettel', 'kassabon', 'scontrino', 'ticket de compra', 'guest folio', 'promissory note', 'deed of trust', 'closing disclosure', 'loan estimate', 'insurance policy', 'policy schedule', 'certificate of insurance', 'declarations page'),
    // A till's receipt: the cash handed over and the change given back (`CASH RM 50.00 CHANGE RM 7.10`),
    // as sure a sign as a title (Malaysian and Australian receipts head themselves `TAX INVOICE`).
    ...decisive(c(3.5, 'cash (?:[a-z]{1,3}|[$€£])? ?\\d+[.,]\\d{2} change', 'change due', 'bon fiscal')),
    ...c(3, 'goods sold are not (?:returnable|refundable|exchangeable)', 'no (?:cash )?refunds?', 'item\\(s\\)', 'qty\\(s\\)'),
    // A visa's zone (`V<UTOERIKSSON<<ANNA…`): printed in a passport, no passport itself; a US
    // state's identity card, which says it is no licence.
    // (`V<` only: a card's name line may begin with a V, `VADIS<<QUO`.)
    ...decisive(c(3.5, 'v<[a-z]{3}[a-z]*<<[a-z<]*', "not an? driver'?s? licen[cs]e")),
    // Guides, checklists and instructions explain papers; they are none.
    ...c(3, 'checklist', 'checkliste', 'guide to', 'instructions for (?:form|schedule)'),
    ...c(2, 'receipt', 'thank you for (?:shopping|your purchase|your visit|visiting|dining)', 'cash tendered', 'tendered', 'tend', 'cashier', 'customer copy', 'buc x', 'rendu', 'monnaie rendue', 'ruckgeld', 'items? sold', 'folio', 'room charges?', 'check.?out', 'policyholder', 'policy (?:number|no)', 'insured', 'premium', 'borrower', 'lender'),
    // A quotation or an estimate offers; it bills nothing. A receipt's Japanese name; Poland's
    // official acknowledgement of an e-invoice's receipt (UPO).
    ...c(3, 'quotation', '見積書', '御見積', '領収書', '收据', 'kostenvoranschlag', 'urzedowe poswiadczenie odbioru'),
    ...c(2, 'quote (?:no|number|#)', 'angebot(?:snummer)?', 'devis', 'presupuesto', 'preventivo', 'offerte', 'orcamento'),
    ...c(2, 'dear (?:sir|madam|customer)', 'newsletter', 'recipe', 'ingredients', 'menu', 'brochure', 'agenda', 'minutes of', 'curriculum vitae', 'resume', 'memorandum', 'cover letter', 'table of contents', 'payer.s tin', 'recipient.s tin', 'copy [abc12] for'),
  ],
};

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’`´]/g, "'")
    .replace(/\s+/g, ' ');

/** The lines that can be a document's title: the top third of its first page, or printed larger than its body. */
/** A line that opens with a numeric date (`07/28/2023`, `28.07.23`, `2023-07-28`). */
const TABLE_ROW_DATE = /^\s*(?:\d{1,2}|\d{4})[./-]\d{1,2}(?:[./-]\d{2,4})?\s+\S/;
/** A line that ends with an amount (`$300.00`, `1.234,56 €`, `-12.50`). */
const TABLE_ROW_AMOUNT = /(?:^|\s)[-+]?[$€£¥₹]?\s?\d{1,3}(?:[.,' ]\d{3})*[.,]\d{2}\s?(?:[$€£¥₹]|[A-Z]{3})?\s*$/;

export function titleLines(page: ParsedPage): TextLine[] {
  if (!page.lines.length) return [];
  const h = page.height || 842;
  const heights = page.lines.map((l) => l.box.h).sort((a, b) => a - b);
  const body = heights[Math.floor(heights.length / 2)] ?? 10;
  // A title is short: a clause near the top that mentions "the electricity bill" is prose.
  const short = (l: TextLine) => l.text.trim().split(/\s+/).length <= 8;
  // Nor is a table's row a title: a statement's `07/28/2023 Water Bill Payment $300.00` at the top
  // of its second page names what was paid, not what the page is.
  const row = (l: TextLine) => TABLE_ROW_DATE.test(l.text) || TABLE_ROW_AMOUNT.test(l.text);
  // Nor is a reference to another paper: a W-2's `Copy 2 -- To Be Filed with Employee's State,` /
  // `City, or Local Income Tax Return.` names the return it goes with, not itself.
  const refers = new Set<TextLine>();
  for (const l of page.lines) {
    if (!REFERS_TO_OTHER.test(l.text)) continue;
    refers.add(l);
    // …and the line it runs on to, under it in the same column.
    const next = page.lines.filter((o) => o.box.y > l.box.y && o.box.y - (l.box.y + l.box.h) < l.box.h && Math.abs(o.box.x - l.box.x) < l.box.h * 3).sort((a, b) => a.box.y - b.box.y)[0];
    if (next && /[,\-–]\s*$/.test(l.text)) refers.add(next);
  }
  return page.lines.filter((l) => !row(l) && !refers.has(l) && ((l.box.y < h * 0.3 && short(l)) || (l.box.h > body * 1.5 && l.text.trim().length >= 4 && l.text.trim().split(/\s+/).length <= 14)));
}

/** Words that point at another document: `to be filed with`, `attach to`, `enclose with`. */
const REFERS_TO_OTHER = /\b(?:filed? with|attach(?:ed)? (?:it |this )?to|enclosed? with|submit(?:ted)? with|send (?:it )?with)\b/i;

export interface CueEvidence {
  /** Per type: the evidence found, in logits (capped). */
  score: Record<string, number>;
  /** Per type: the part of it the first page's title zone gave (a title cue counts double). */
  title: Record<string, number>;
  /** What was found, for review and tuning: `type:pattern`. */
  hits: string[];
}

/** The words plain phrases begin with. */
const FIRST_WORDS = new Set(Object.values(TYPE_CUES).flatMap((cues) => cues.flatMap((q) => (q.phrase ? [q.phrase.split(' ')[0]!] : []))));

/** The longest plain phrase, in words. */
const MAX_PHRASE = Math.max(...Object.values(TYPE_CUES).flatMap((cues) => cues.map((q) => (q.phrase ? q.phrase.split(' ').length : 0))));

/**
 * A text made searchable: its folded form for the patterns, and its word n-grams for the plain
 * phrases (most cues), each found in one lookup instead of a scan of the page per cue.
 */
class Searchable {
  private readonly grams = new Set<string>();
  constructor(readonly text: string) {
    const w = words(text);
    this.all = w;
    for (let i = 0; i < w.length; i++) {
      // Only where a phrase can begin: most words start none.
      if (!FIRST_WORDS.has(w[i]!)) continue;
      let g = '';
      for (let n = 0; n < MAX_PHRASE && i + n < w.length; n++) {
        g = n ? `${g} ${w[i + n]}` : w[i]!;
        this.grams.add(g);
      }
    }
  }
  readonly all: string[];
  has(q: Cue): boolean {
    return q.phrase !== undefined ? this.grams.has(q.phrase) : q.re.test(this.text);
  }
}

/** Body evidence is capped: many small hints never outweigh a title, nor one type's words repeated. */
const CAP_BODY = 5;
/** What evidence past the cap still adds, at most. */
const PAST_CAP = 2;

/**
 * Body evidence, counted in full up to the cap and saturating past it: a statement that prints
 * fifteen of a card statement's own phrases says more than one that prints a bank's five generic
 * words, and neither outweighs a title.
 */
function bodyScore(x: number): number {
  return x <= CAP_BODY ? x : CAP_BODY + PAST_CAP * (1 - Math.exp(-(x - CAP_BODY) / 4));
}

/** What one page holds: the title cues (w ≥ 3) its title zone shows, and every cue its text shows. */
interface PageCues {
  title: Set<Cue>;
  /** The title zone's text, folded: what the title cues matched. */
  titleText: string;
  body: Set<Cue>;
  /** Function words of the continental languages and of English, counted. */
  lang: LanguageCounts;
}



const ALL_CUES: Cue[] = Object.values(TYPE_CUES).flat();

/**
 * Each page is searched once (split asks for each page, classify for each document): pages are
 * immutable once read, so what they show is kept beside them.
 */
const pageCache = new WeakMap<ParsedPage, PageCues>();

function pageCues(page: ParsedPage): PageCues {
  let hit = pageCache.get(page);
  if (hit) return hit;
  const title = new Searchable(fold(titleLines(page).map((l) => l.text).join('\n')));
  const body = new Searchable(fold(page.lines.map((l) => l.text).join('\n')));
  hit = { title: new Set(), titleText: title.text, body: new Set(), lang: countLanguage(body.all) };
  for (const q of ALL_CUES) {
    // Only a type's name is a title; a label that happens to sit near the top is body evidence.
    if (title.text && q.w >= 3 && title.has(q)) hit.title.add(q);
    if (body.has(q)) hit.body.add(q);
  }
  pageCache.set(page, hit);
  return hit;
}

const TYPE_OF = new Map<Cue, string>(Object.entries(TYPE_CUES).flatMap(([type, cues]) => cues.map((q) => [q, type] as const)));

/** The cues of each type found in a document's pages (the first page's title zone weighted double). */
export function cueEvidence(pages: ParsedPage[]): CueEvidence {
  const first = pages[0] ? pageCues(pages[0]) : undefined;
  const inTitle = new Map<string, number>();
  const inBody = new Map<string, number>();
  const hits: string[] = [];
  const counted = new Set<Cue>();
  for (const q of first?.title ?? []) {
    const type = TYPE_OF.get(q)!;
    inTitle.set(type, Math.max(inTitle.get(type) ?? 0, q.w * 2));
    counted.add(q);
    hits.push(`${type}:title:${q.phrase ?? q.re.source}`);
  }
  for (const p of pages) {
    for (const q of pageCues(p).body) {
      if (counted.has(q)) continue;
      if (q.decisive && p === pages[0]) {
        const type = TYPE_OF.get(q)!;
        inTitle.set(type, Math.max(inTitle.get(type) ?? 0, q.w * 2));
        counted.add(q);
        hits.push(`${type}:decisive:${q.phrase ?? q.re.source}`);
        continue;
      }
      counted.add(q);
      const type = TYPE_OF.get(q)!;
      inBody.set(type, (inBody.get(type) ?? 0) + q.w * 0.5);
      hits.push(`${type}:${q.phrase ?? q.re.source}`);
    }
  }
  const score: Record<string, number> = {};
  for (const type of new Set([...inTitle.keys(), ...inBody.keys()])) score[type] = (inTitle.get(type) ?? 0) + bodyScore(inBody.get(type) ?? 0);
  return { score, title: Object.fromEntries(inTitle), hits };
}

/**
 * The type a page's title zone names, if any: the start of a document says what it is. `names` are
 * the title cues of that type as matched (`1099-int`, `form 1099`), which tell two forms of one
 * family apart.
 */
export function titleCue(page: ParsedPage): { docType: string; score: number; names: string[] } | null {
  const { title, titleText } = pageCues(page);
  let best: { docType: string; score: number } | null = null;
  for (const [type, cues] of Object.entries(TYPE_CUES)) {
    for (const q of cues) if (title.has(q) && (!best || q.w > best.score)) best = { docType: type, score: q.w };
  }
  if (!best) return null;
  const found = (TYPE_CUES[best.docType] ?? []).filter((q) => title.has(q)).map((q) => new RegExp(q.re.source, 'g'));
  const names = [...new Set(found.flatMap((re) => [...titleText.matchAll(re)].map((m) => m[0])))];
  return { docType: best.docType, score: best.score, names };
}

/** A document's language counts, from its pages' (searched once each). */
export function languageEvidence(pages: ParsedPage[]): LanguageCounts {
  return pages.map((p) => pageCues(p).lang).reduce((a, b) => ({ eu: a.eu + b.eu, en: a.en + b.en }), { eu: 0, en: 0 });
}
