import { mappedRows, suggestMapping, unmappedFields } from './columns';
import { decodeCsvBytes, MAX_FILE_BYTES, parseCsvText, readCsvFile, type CsvResult, type CsvTable } from './csvFile';

const HEADER = 'First name,Last name,Email,Registration number,Department,Year of study,Phone';
const ADA = 'Ada,Obi,ada@example.edu,NFU/2026/001,Law,1,+1 555 010 0100';

const utf8 = (text: string) => new TextEncoder().encode(text);
const file = (bytes: Uint8Array) => ({
  size: bytes.byteLength,
  arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
});

function table(result: CsvResult): CsvTable {
  if (!result.ok) throw new Error(result.message);
  return result.table;
}
const refusal = (result: CsvResult) => (result.ok ? 'read' : result.message);

describe('reading a roster file', () => {
  it('reads UTF-8 with and without a byte order mark alike', async () => {
    const text = `${HEADER}\r\nZoë,Ångström,zoe@example.edu,NFU/2026/002,Law,2,\r\n`;
    const plain = table(await readCsvFile(file(utf8(text))));
    const withBom = table(await readCsvFile(file(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]))));
    expect(withBom).toEqual(plain);
    expect(plain.header[0]).toBe('First name');
    expect(plain.rows).toEqual([
      { row: 2, cells: ['Zoë', 'Ångström', 'zoe@example.edu', 'NFU/2026/002', 'Law', '2', ''] },
    ]);
    expect(plain.encoding).toBe('UTF-8');
  });

  it('reads Windows-1252 as Excel saves it, when the bytes are not UTF-8', async () => {
    // "Renée;Müller;…" with é = 0xE9 and ü = 0xFC, semicolons as in European Excel.
    const bytes = new Uint8Array([
      ...utf8('First name;Last name\r\nRen'),
      0xe9,
      ...utf8('e;M'),
      0xfc,
      ...utf8('ller\r\n'),
    ]);
    const read = table(await readCsvFile(file(bytes)));
    expect(read.encoding).toBe('Windows-1252');
    expect(read.separator).toBe(';');
    expect(read.rows[0].cells).toEqual(['Renée', 'Müller']);
  });

  it('reads UTF-16 text, as Excel saves "Unicode text" (tab separated)', () => {
    const text = 'Email\tRole\r\nnia@example.edu\tDoctor\r\n';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) bytes[2 + i * 2] = text.charCodeAt(i);
    const decoded = decodeCsvBytes(bytes);
    expect(decoded).toEqual({ text, encoding: 'UTF-16' });
    expect(table(parseCsvText(text)).separator).toBe('\t');
  });

  it('takes semicolons as the separator, and keeps commas inside values', () => {
    const read = table(parseCsvText('First name;Last name;Department\nAda;Obi;Law, Politics and Economics\n'));
    expect(read.separator).toBe(';');
    expect(read.rows[0].cells).toEqual(['Ada', 'Obi', 'Law, Politics and Economics']);
  });

  it('keeps quoted fields whole: separators, doubled quotes and line breaks inside them', () => {
    const read = table(
      parseCsvText(`${HEADER}\n"Ada ""Dee""","Obi, Jr",ada@example.edu,NFU/2026/001,"Law\nand Politics",1,\n${ADA}\n`),
    );
    expect(read.rows).toEqual([
      { row: 2, cells: ['Ada "Dee"', 'Obi, Jr', 'ada@example.edu', 'NFU/2026/001', 'Law\nand Politics', '1', ''] },
      // A spreadsheet row, not a line of the file: the quoted line break does not count.
      { row: 3, cells: ADA.split(',') },
    ]);
  });

  it('leaves out empty rows, trailing ones and those between, keeping the rows their spreadsheet numbers', () => {
    const read = table(
      parseCsvText(`${HEADER}\r\n${ADA}\r\n,,,,,,\r\n\r\n${ADA.replace('Ada', 'Bola')}\r\n,,,,,,\r\n\r\n\r\n`),
    );
    expect(read.rows.map((row) => [row.row, row.cells[0]])).toEqual([
      [2, 'Ada'],
      [5, 'Bola'],
    ]);
  });

  it('says where a quoted value is never closed', () => {
    expect(refusal(parseCsvText(`${HEADER}\n${ADA}\n"Bola,Obi,bola@example.edu\n`))).toBe(
      'Row 3 opens a quoted value that is never closed: check its quotation marks.',
    );
  });

  describe('refuses, with what to do, and sends nothing of', () => {
    it('an Excel workbook or another binary file', async () => {
      expect(refusal(await readCsvFile(file(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))))).toMatch(
        /^This is an Excel workbook .* "CSV UTF-8"/,
      );
      expect(
        refusal(await readCsvFile(file(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00])))),
      ).toMatch(/^This file holds NUL bytes/);
      expect(refusal(parseCsvText('Email\nada@example.edu\u0007\n'))).toMatch(/^This file holds control characters/);
    });

    it('a file with NUL bytes in its text', async () => {
      expect(refusal(await readCsvFile(file(utf8(`${HEADER}\n${ADA}\u0000\n`))))).toMatch(
        /^This file holds NUL bytes, so it is not a CSV text file/,
      );
    });

    it('a 50 MB file, before reading it', async () => {
      const arrayBuffer = jest.fn();
      const result = await readCsvFile({ size: 50 * 1024 * 1024, arrayBuffer });
      expect(refusal(result)).toBe(
        `This file is 50 MB; a roster file can be at most ${MAX_FILE_BYTES / (1024 * 1024)} MB (about 50000 rows). Split it and import each part.`,
      );
      expect(arrayBuffer).not.toHaveBeenCalled();
    });

    it('a file of 1,000 columns', () => {
      const wide = Array.from({ length: 1000 }, (_, i) => `c${i}`).join(',');
      expect(refusal(parseCsvText(`${wide}\n${wide}\n`))).toBe(
        'The file has 1000 columns; a roster has at most 100. Is this the right file?',
      );
    });

    it('formula cells, naming the row and column; phone numbers are no formulas', () => {
      expect(
        refusal(parseCsvText(`${HEADER}\n${ADA}\nBola,=HYPERLINK("http://evil"),b@example.edu,NFU/2026/002,Law,1,\n`)),
      ).toBe(
        'Row 3, "Last name", starts like a spreadsheet formula (=HYPERLINK("http://e). Replace formulas with their values (paste as values) and save again.',
      );
      expect(refusal(parseCsvText(`${HEADER}\n@SUM(A1),Obi,a@example.edu,X1,Law,1,\n`))).toMatch(
        /^Row 2, "First name", starts like a spreadsheet formula/,
      );
      expect(refusal(parseCsvText(`${HEADER}\nAda,-cmd,a@example.edu,X1,Law,1,\n`))).toMatch(/^Row 2, "Last name"/);
      expect(
        table(parseCsvText(`${HEADER}\n${ADA}\nBola,Obi,b@example.edu,X2,Law,1,-44 20 7946 0110\n`)).rows,
      ).toHaveLength(2);
    });

    it('an empty file, or one with a header only', () => {
      expect(refusal(parseCsvText('\r\n\r\n'))).toBe('The file is empty.');
      expect(refusal(parseCsvText(`${HEADER}\r\n,,,\r\n`))).toBe('The file has a header but no rows under it.');
    });

    it('more rows than one import takes', () => {
      const rows = Array.from({ length: 50_001 }, (_, i) => `a${i}@example.edu`).join('\n');
      expect(refusal(parseCsvText(`Email\n${rows}\n`))).toBe(
        'The file has 50001 rows; import at most 50000 at a time: split it and import each part.',
      );
    });
  });
});

describe('mapping columns', () => {
  it('finds each field under the names student systems give it, in any order, case and punctuation', () => {
    const header = ['Matric No.', 'SURNAME', 'Given names', 'Faculty', 'Level', 'E-mail', 'Mobile', 'Notes'];
    expect(suggestMapping('students', header)).toEqual({
      reg_number: 0,
      last_name: 1,
      first_name: 2,
      department: 3,
      year_of_study: 4,
      email: 5,
      phone: 6,
    });
    expect(suggestMapping('staff', ['Email address', 'Role'])).toEqual({ email: 0, role: 1 });
  });

  it('names the required fields no column was found for; the phone may be left out', () => {
    const mapping = suggestMapping('students', ['Email', 'Name', 'Phone']);
    expect(mapping).toEqual({ email: 0, phone: 2 });
    expect(unmappedFields('students', mapping)).toEqual([
      'First name',
      'Last name',
      'Registration number',
      'Department',
      'Year of study',
    ]);
    expect(
      unmappedFields('students', {
        first_name: 0,
        last_name: 1,
        email: 2,
        reg_number: 3,
        department: 4,
        year_of_study: 5,
      }),
    ).toEqual([]);
  });

  it('sends each row with its number and the mapped values, trimmed as the forms store them', () => {
    const read = table(
      parseCsvText(`Surname,Email,Given name,Reg,Dept,Year\n Obi , ADA@example.edu ,Ada,NFU/1,Law, 2 \n`),
    );
    const mapping = { ...suggestMapping('students', read.header), department: 4 };
    expect(mappedRows('students', read, mapping)).toEqual([
      {
        row: 2,
        first_name: 'Ada',
        last_name: 'Obi',
        email: 'ADA@example.edu',
        reg_number: 'NFU/1',
        department: 'Law',
        year_of_study: '2',
        phone: '',
      },
    ]);
  });
});
