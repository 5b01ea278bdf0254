/** An iCalendar file read back for assertions: its unfolded content lines and each property's first value by name. */
export interface ReadIcs {
  /** Physical lines as sent (without their CRLF), to check line endings and folding. */
  physicalLines: string[];
  lines: string[];
  property(name: string): string | undefined;
}

/** Unfolds (RFC 5545 §3.1: CRLF followed by a space or tab continues the line) and indexes an .ics text. */
export function readIcs(text: string): ReadIcs {
  if (!text.endsWith('\r\n')) throw new Error('An iCalendar file ends with CRLF');
  const physicalLines = text.slice(0, -2).split('\r\n');
  if (physicalLines.some((line) => line.includes('\n') || line.includes('\r')))
    throw new Error('Lines must end with CRLF');
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .slice(0, -2)
    .split('\r\n');
  return {
    physicalLines,
    lines,
    property(name) {
      const line = lines.find((candidate) => candidate.startsWith(`${name}:`) || candidate.startsWith(`${name};`));
      return line?.slice(line.indexOf(':') + 1);
    },
  };
}
