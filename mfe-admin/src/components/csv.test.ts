import { csvCell, csvDocument } from './csv';

describe('CSV', () => {
  it('quotes every cell, doubling the quotes, so no separator of any locale splits one', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    // In a locale whose lists use ";" an unquoted cell was two cells, the second one a formula.
    expect(csvCell('Dr Mallory;=HYPERLINK("http://evil")')).toBe(`"Dr Mallory;'=HYPERLINK(""http://evil"")"`);
  });

  it('keeps values a spreadsheet would run as formulas as text, at the start and after any separator or line break', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1 555 0100')).toBe(`"'+1 555 0100"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('a,-2;+3\t@4\n=5\r\n-6')).toBe(`"a,'-2;'+3\t'@4\n'=5\r\n'-6"`);
    expect(csvCell('\t\t=x')).toBe(`"'\t'\t'=x"`);
    expect(csvCell('a=b; c-d, e+f')).toBe('"a=b; c-d, e+f"');
  });

  it('writes the header and each row on a line of its own, ending with CRLF', () => {
    expect(
      csvDocument(
        ['Name', 'Note'],
        [
          ['Ada', '=1+1'],
          ['Bayo', ''],
        ],
      ),
    ).toBe('"Name","Note"\r\n"Ada","\'=1+1"\r\n"Bayo",""\r\n');
  });
});
