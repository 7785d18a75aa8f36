/**
 * Whether a document is in a continental language (French, German, Dutch, Spanish, Italian,
 * Portuguese) rather than English, by counting the words only such prose and such documents are
 * made of. Extraction takes its region from it (euros, day-first dates); the classifier trusts its
 * English-trained model less on it. Words are compared folded: lower case, no accents.
 */

const CONTINENTAL_WORDS = new Set(
  [
    // function words
    'le la les des du et pour avec votre vous sur der die das und mit fur ihre nicht von het een en voor met uw van el los las del y para con su il di che per della e o os as do da com nao',
    // a document's own words for itself and its sums
    'facture rechnung factuur factura fattura fatura totaal totale importe bedrag betrag montant btw tva mwst iva ttc subtotaal subtotale datum fecha nummer numero cliente klant kunde omschrijving descrizione descripcion designation beschreibung aantal cantidad quantita quantite menge prezzo precio prix preis prijs',
  ]
    .join(' ')
    .split(' '),
);
const ENGLISH_WORDS = new Set('the and of to for with your you on is are this from by at'.split(' '));

export interface LanguageCounts {
  eu: number;
  en: number;
}

/** Folded words of a text, as the counts and the classifier's cues compare them. */
export function foldedWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .match(/[a-z0-9]+/g) ?? []
  );
}

export function countLanguage(words: Iterable<string>): LanguageCounts {
  let eu = 0;
  let en = 0;
  for (const w of words) {
    if (CONTINENTAL_WORDS.has(w)) eu++;
    else if (ENGLISH_WORDS.has(w)) en++;
  }
  return { eu, en };
}

export const isContinental = (c: LanguageCounts): boolean => c.eu >= 8 && c.eu > c.en * 1.5;

/** A text (its first 20,000 characters) in a continental language. */
export function continentalLanguage(text: string): boolean {
  return isContinental(countLanguage(foldedWords(text.slice(0, 20_000))));
}
