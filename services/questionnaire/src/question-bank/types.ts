import type { Condition, QuestionType } from '@cti/contracts';

export interface BankOption {
  id: number;
  label: string;
}

export interface BankQuestion {
  /** Position in the section (the spec's q0, q1, …); the question id is `<sectionId>.<index>`. */
  index: number;
  type: QuestionType;
  text: string;
  help?: string;
  options?: BankOption[];
  /** Dates: earliest day (YYYY-MM-DD); numbers: smallest value. */
  min?: string | number;
  max?: number;
  /** Autocomplete: text that is none of the options is kept as the answer (otherwise refused). */
  freeText?: boolean;
  showIf?: Condition;
}

export interface BankSection {
  sectionId: number;
  title: string;
  description?: string;
  questions: BankQuestion[];
}

/** One version of the question bank; questionnaires are answered against the version they were created with. */
export interface QuestionBank {
  version: string;
  sections: BankSection[];
}
