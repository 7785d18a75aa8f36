/**
 * Research over one case: what briefs and the case assistant read and what they answer with
 * (DESIGN.md "Briefs and the assistant"). Pure data: no HTTP, no SQL. The briefs and assistant
 * areas load a `CaseCorpus` from the database and hand it to an engine.
 */

/** One text line of a page of a source file, as parse stored it (`application_pages.lines`). */
export interface CaseLine {
  /** The address of the document the page is listed in (spec Part 2), or null for a page no listed document holds. */
  address: string | null;
  fileId: string;
  /** 1-based page of the source file. */
  page: number;
  /** 0-based index of the line on its page, in reading order (as `GET /applications/{id}/text` lists them). */
  line: number;
  text: string;
}

/** A key value extract read, with where it was read. */
export interface CaseKeyValue {
  field: string;
  /** The schema's label of the field (e.g. "Net pay"), else its key in words: never the key itself. */
  label: string;
  value: unknown;
  /**
   * Set by a person (a `correct` decision) rather than read: who, and whether the value is printed
   * on the line named below (`onPage`); when not, that line prints what the reader had read, and
   * an answer must say both (issue 38, point 6).
   */
  corrected?: { by: string; onPage: boolean };
  confidence: number;
  fileId: string;
  page: number;
  line: number;
}

/** A document of the case as the documents view lists it. */
export interface CaseDocument {
  address: string;
  title: string;
  docType: string;
  /** The document type's name in the catalogue (e.g. "Payslip"; "Other document" for `fallback`). */
  docTypeName: string;
  keyData: CaseKeyValue[];
}

/** Everything an engine may read of a case: its lines in case order, and its documents. */
export interface CaseCorpus {
  applicantName: string;
  lines: CaseLine[];
  documents: CaseDocument[];
}

/** What is asked: a template's question, or a person's question in the assistant. */
export interface ResearchQuestion {
  prompt: string;
  answerType?: 'text' | 'yes-no' | 'amount' | 'date' | 'number' | 'list' | undefined;
  guidance?: string | undefined;
  /** Earlier turns of an assistant conversation, oldest first (empty for briefs). */
  history?: { question: string; answer: string }[];
}

/** A claim's evidence: a line of a page, and the words quoted from it. */
export interface Citation {
  address: string | null;
  fileId: string;
  page: number;
  line: number;
  quote: string;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

/** What an engine answered, before the citations are checked against the stored text. */
export interface ResearchAnswer {
  /** Claims marked `[n]`: the n-th of `citations` (1-based). */
  answer: string;
  citations: Citation[];
  usage: Usage;
}

/** Told as an engine works, for the assistant's stream. All optional. */
export interface ResearchProgress {
  /** The lines the engine read (retrieval), best first. */
  retrieved?(lines: readonly (CaseLine & { score: number })[]): void;
  /** A piece of the answer text, in order; concatenated they are the answer. */
  delta?(text: string): void;
}

export interface ResearchOptions {
  signal?: AbortSignal;
  progress?: ResearchProgress;
}

/** An engine that answers questions over a case: the built-in one, or an OpenAI-compatible model. */
export interface ResearchEngine {
  answer(question: ResearchQuestion, corpus: CaseCorpus, options?: ResearchOptions): Promise<ResearchAnswer>;
}

/** A failure of a model to answer, with the reason a person reads on the failed section. */
export class ResearchError extends Error {
  constructor(
    message: string,
    /** `timeout` (silence past the time limit), `unreachable`, `rate_limited` (429 after the retries), `bad_response` (not the JSON asked for, after the retries), `refused` (4xx). */
    readonly code: 'timeout' | 'unreachable' | 'rate_limited' | 'bad_response' | 'refused',
    /** What the failed calls spent, when the server said. */
    readonly usage: Usage = { promptTokens: 0, completionTokens: 0 },
  ) {
    super(message);
    this.name = 'ResearchError';
  }
}

/** The job lane of brief sections and assistant turns: `RESEARCH_PARALLEL` loops per worker process. */
export const RESEARCH_LANE = 'research';
