import { fileNameOf } from '../../lib/file-download';

import { viewFailureText } from './acid-errors';
import { DocumentMessages, fileProblem } from './messages';

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe('choosing a file to upload', () => {
  it('accepts .pdf, .doc and .docx of a sensible size', () => {
    expect(fileProblem(file('a.pdf', 10))).toBeNull();
    expect(fileProblem(file('b.DOCX', 10))).toBeNull();
    expect(fileProblem(file('c.doc', 10))).toBeNull();
  });

  it('names what is wrong before anything is sent', () => {
    expect(fileProblem(file('setup.exe', 10))).toBe('Only .pdf, .doc and .docx files can be uploaded.');
    expect(fileProblem(file('empty.pdf', 0))).toBe('The file is empty.');
    expect(fileProblem(file('huge.pdf', 25 * 1024 * 1024 + 1))).toBe('The file is larger than 25 MB.');
  });
});

describe('a failed View of an ACID document', () => {
  it('shows the server message for 403 and 400, else the spec defaults', () => {
    expect(viewFailureText({ status: 403, data: { message: 'Not yours' } })).toBe('Not yours');
    expect(viewFailureText({ status: 403, data: {} })).toBe(DocumentMessages.noViewPermission);
    expect(viewFailureText({ status: 400, data: {} })).toBe(DocumentMessages.notViewable);
    expect(viewFailureText({ status: 500, data: { message: 'boom' } })).toBe('Failed to open the document. Please try again.');
    expect(viewFailureText({ status: 'FETCH_ERROR', error: 'offline' })).toBe('Failed to open the document. Please try again.');
  });
});

describe('saved file names', () => {
  it('prefers the UTF-8 name of Content-Disposition', () => {
    expect(fileNameOf(`attachment; filename="Cote d_Ivoire.pdf"; filename*=UTF-8''C%C3%B4te%20d%E2%80%99Ivoire.pdf`, 'x.pdf')).toBe(
      'Côte d’Ivoire.pdf',
    );
    expect(fileNameOf('attachment; filename="Report.pdf"', 'x.pdf')).toBe('Report.pdf');
    expect(fileNameOf(null, 'x.pdf')).toBe('x.pdf');
  });
});
