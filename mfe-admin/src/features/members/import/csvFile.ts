import Papa from 'papaparse';

/**
 * Reading a registrar's spreadsheet export in the browser: the bytes are decoded (UTF-8 with or without a byte order
 * mark, UTF-16 as Excel's "Unicode text", otherwise Windows-1252 as older Excel saves CSV), split by papaparse (the
 * separator the header uses: comma, semicolon, tab or bar; quoted fields may hold separators, quotes and line breaks), and
 * numbered as a spreadsheet numbers its rows (the header is row 1), leaving out empty rows. What is not a roster gets
 * a message that says what to do, and nothing is sent.
 */

/** Larger than any roster the database takes (50,000 rows): refused before it is read. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_ROWS = 50_000;
export const MAX_COLUMNS = 100;

export interface CsvTable {
  readonly header: readonly string[];
  /** Data rows that hold something, each with its row number in the file (the header is row 1). */
  readonly rows: readonly { readonly row: number; readonly cells: readonly string[] }[];
  readonly separator: string;
  readonly encoding: 'UTF-8' | 'UTF-16' | 'Windows-1252';
}

export type CsvResult =
  { readonly ok: true; readonly table: CsvTable } | { readonly ok: false; readonly message: string };

const refuse = (message: string): CsvResult => ({ ok: false, message });

/** A spreadsheet formula at a cell's start: = or @, or + and - before something that is not a number (a phone number is fine). */
const FORMULA = /^(?:[=@]|[+-](?![\d\s(]))/;
/** Whether `text` holds control characters other than tab and line breaks, which no text file does. */
function holdsControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
  }
  return false;
}

const SIGNATURES: readonly { readonly bytes: readonly number[]; readonly message: string }[] = [
  {
    bytes: [0x50, 0x4b, 0x03, 0x04],
    message:
      'This is an Excel workbook (or another zip file), not a CSV file. In Excel choose File → Save As → "CSV UTF-8", then choose that file.',
  },
  {
    bytes: [0xd0, 0xcf, 0x11, 0xe0],
    message:
      'This is an old Excel workbook (.xls), not a CSV file. In Excel choose File → Save As → "CSV UTF-8", then choose that file.',
  },
  {
    bytes: [0x25, 0x50, 0x44, 0x46],
    message: 'This is a PDF, not a CSV file. Export the roster from your student system as CSV.',
  },
];

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);

/** The file's text and its encoding, or why it is not a text file. */
export function decodeCsvBytes(
  bytes: Uint8Array,
): { readonly text: string; readonly encoding: CsvTable['encoding'] } | { readonly message: string } {
  const signature = SIGNATURES.find((candidate) => startsWith(bytes, candidate.bytes));
  if (signature) return { message: signature.message };
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    const littleEndian = bytes[0] === 0xff;
    return {
      text: new TextDecoder(littleEndian ? 'utf-16le' : 'utf-16be').decode(bytes.subarray(2)),
      encoding: 'UTF-16',
    };
  }
  if (bytes.includes(0)) {
    return {
      message:
        'This file holds NUL bytes, so it is not a CSV text file (perhaps a spreadsheet or an image). Save the roster as "CSV UTF-8" and choose that file.',
    };
  }
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(body), encoding: 'Windows-1252' };
  }
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

const SEPARATORS = [',', ';', '\t', '|'] as const;

/**
 * The separator the header line uses most (a comma when it uses none): the header names the columns, so its
 * separators are the file's. papaparse's own guess needs several rows of the same width, which a short file lacks.
 */
function separatorOf(text: string): string {
  const header = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  const counts = SEPARATORS.map((separator) => header.split(separator).length - 1);
  const most = Math.max(...counts);
  return most === 0 ? ',' : SEPARATORS[counts.indexOf(most)];
}

/** Splits decoded text into the header and the numbered rows that hold something; refuses what is not a roster. */
export function parseCsvText(text: string, encoding: CsvTable['encoding'] = 'UTF-8'): CsvResult {
  if (holdsControlCharacters(text))
    return refuse(
      'This file holds control characters, so it is not a CSV text file. Save the roster as "CSV UTF-8" and choose that file.',
    );
  const parsed = Papa.parse<string[]>(text, { delimiter: separatorOf(text), skipEmptyLines: false });
  const unclosed = parsed.errors.find((error) => error.code === 'MissingQuotes');
  if (unclosed) {
    return refuse(
      `Row ${(unclosed.row ?? 0) + 1} opens a quoted value that is never closed: check its quotation marks.`,
    );
  }
  const records = parsed.data;
  const headerIndex = records.findIndex((cells) => !isBlank(cells));
  if (headerIndex < 0) return refuse('The file is empty.');
  const header = records[headerIndex].map((cell) => cell.trim());
  if (header.length > MAX_COLUMNS) {
    return refuse(
      `The file has ${header.length} columns; a roster has at most ${MAX_COLUMNS}. Is this the right file?`,
    );
  }
  const rows = records
    .map((cells, index) => ({ row: index + 1, cells }))
    .slice(headerIndex + 1)
    .filter(({ cells }) => !isBlank(cells));
  if (rows.length === 0) return refuse('The file has a header but no rows under it.');
  if (rows.length > MAX_ROWS)
    return refuse(
      `The file has ${rows.length} rows; import at most ${MAX_ROWS} at a time: split it and import each part.`,
    );
  for (const { row, cells } of rows) {
    const column = cells.findIndex((cell) => FORMULA.test(cell.trim()));
    if (column >= 0) {
      const name = header[column] ? `"${header[column]}"` : `column ${column + 1}`;
      return refuse(
        `Row ${row}, ${name}, starts like a spreadsheet formula (${cells[column].trim().slice(0, 20)}). Replace formulas with their values (paste as values) and save again.`,
      );
    }
  }
  return { ok: true, table: { header, rows, separator: parsed.meta.delimiter, encoding } };
}

/** A chosen or dropped file, read whole once it is known to be of a roster's size. */
export async function readCsvFile(file: Pick<File, 'size' | 'arrayBuffer'>): Promise<CsvResult> {
  if (file.size > MAX_FILE_BYTES) {
    return refuse(
      `This file is ${Math.ceil(file.size / (1024 * 1024))} MB; a roster file can be at most ${MAX_FILE_BYTES / (1024 * 1024)} MB (about ${MAX_ROWS} rows). Split it and import each part.`,
    );
  }
  const decoded = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
  return 'message' in decoded ? refuse(decoded.message) : parseCsvText(decoded.text, decoded.encoding);
}
