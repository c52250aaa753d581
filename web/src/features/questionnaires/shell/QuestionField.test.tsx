import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';

import type { AnswerModel, Question } from '@cti/contracts';

import { QuestionField } from './QuestionField';

const governingLaw = (freeText: boolean): Question => ({
  Id: '16.1',
  SectionId: 16,
  Index: 1,
  Type: 'autocomplete',
  Text: 'Which governing law is most commonly chosen?',
  Options: [
    { Id: 83, Label: 'English law' },
    { Id: 84, Label: 'New York law' },
  ],
  ...(freeText ? { FreeText: true } : {}),
  Model: 83,
});

/** The field as a section page holds it: the answer and any refused text. */
function Field({ question, seen }: { question: Question; seen: { model: AnswerModel; refused: string | null } }) {
  const [model, setModel] = useState<AnswerModel>(question.Model);
  const [refused, setRefused] = useState<string | null>(null);
  seen.model = model;
  seen.refused = refused;
  return (
    <QuestionField
      question={question}
      number={1}
      value={model}
      onChange={setModel}
      readOnly={false}
      carriedFrom={null}
      refusedText={refused}
      onRefusedText={setRefused}
    />
  );
}

describe('an autocomplete question', () => {
  it('keeps typed text that is no option where the question allows free text', () => {
    const seen = { model: null as AnswerModel, refused: null as string | null };
    render(<Field question={governingLaw(true)} seen={seen} />);
    const box = screen.getByRole('combobox');
    fireEvent.change(box, { target: { value: 'Singapore law' } });
    expect(seen).toEqual({ model: 'Singapore law', refused: null });
    fireEvent.blur(box);
    expect((box as HTMLInputElement).value).toBe('Singapore law');
    fireEvent.change(box, { target: { value: 'new york LAW' } });
    expect(seen.model).toBe(84);
  });

  it('refuses other text clearly and keeps the stored answer where it does not', () => {
    const seen = { model: null as AnswerModel, refused: null as string | null };
    render(<Field question={governingLaw(false)} seen={seen} />);
    const box = screen.getByRole('combobox');
    fireEvent.change(box, { target: { value: 'Singapore law' } });
    expect(seen).toEqual({ model: 83, refused: 'Singapore law' });
    expect(screen.getByRole('alert').textContent).toBe(
      '"Singapore law" is not one of the options. Choose one from the list; the answer stays "English law" until you do.',
    );
    expect(box.getAttribute('aria-invalid')).toBe('true');
    // the typed text stays in the box to be corrected
    fireEvent.blur(box);
    expect((box as HTMLInputElement).value).toBe('Singapore law');
    fireEvent.change(box, { target: { value: 'New York law' } });
    expect(seen).toEqual({ model: 84, refused: null });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
