import { answerOr } from './api-error';

describe('answerOr: the server’s specific text reaches the user', () => {
  it('shows a 4xx answer’s own text (a duplicate group is "Group already exists")', () => {
    expect(
      answerOr({ status: 409, data: { statusCode: 409, error: 'Conflict', message: 'Group already exists' } }, 'An error occured.'),
    ).toBe('Group already exists');
    expect(answerOr({ status: 400, data: 'Invalid Username' }, 'Failed')).toBe('Invalid Username');
  });

  it('keeps the screen’s general text for server errors, network failures and empty answers', () => {
    expect(answerOr({ status: 500, data: { message: 'Internal Server Error' } }, 'An error occured.')).toBe('An error occured.');
    expect(answerOr({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'An error occured.')).toBe('An error occured.');
    expect(answerOr({ status: 409, data: { message: '  ' } }, 'An error occured.')).toBe('An error occured.');
    expect(answerOr(undefined, 'An error occured.')).toBe('An error occured.');
  });
});
