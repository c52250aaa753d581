import { useAnswerDiffQuery } from '../audit-api';

/**
 * The HTML diff of two answers from `api/report/augment`: removed words struck through,
 * added words underlined. The service escapes the answers, so its HTML is safe to set.
 */
export function AnswerDiff({ before, after }: { before: string | null; after: string | null }) {
  const { data, isError, isFetching } = useAnswerDiffQuery({ text1: before, text2: after });
  if (isError) return <p className="answer-text">{after ?? <span className="muted">(no answer)</span>}</p>;
  if (!data) return <p className="muted">{isFetching ? 'Comparing the answers…' : ''}</p>;
  if (!data.Html) return <p className="muted">(no answer)</p>;
  return <div className="answer-diff" data-testid="answer-diff" dangerouslySetInnerHTML={{ __html: data.Html }} />;
}
