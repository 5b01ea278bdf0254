import { invalidMimeType } from './errors';

/** `Image/PNG; charset=x` → `image/png`. */
export function baseMimeType(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

const HEIC_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);
/** iPhone photos: said in words, since a person can do something about it (the phone can send JPEG). */
const heicRefused = () =>
  invalidMimeType(
    'HEIC photos cannot be accepted, as most browsers cannot show them: upload the photo as JPEG or PNG, or a PDF',
  );

/** Bucket `allowed_mime_types` entries are exact types or `type/*` wildcards, as in Supabase. */
export function assertMimeAllowed(contentType: string, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const mime = baseMimeType(contentType);
  const ok = allowed.some((entry) => {
    const rule = entry.trim().toLowerCase();
    return rule.endsWith('/*') ? mime.startsWith(rule.slice(0, -1)) : mime === rule;
  });
  if (ok) return;
  if (HEIC_TYPES.has(mime)) throw heicRefused();
  throw invalidMimeType(`mime type ${mime} is not supported`);
}

const ascii = (bytes: Buffer, start: number, text: string) =>
  bytes.subarray(start, start + text.length).toString('latin1') === text;
const startsWith = (bytes: Buffer, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
const isoBrand = (bytes: Buffer, brands: string[]) =>
  ascii(bytes, 4, 'ftyp') && brands.includes(bytes.subarray(8, 12).toString('latin1'));

/** Magic numbers of the formats a browser renders; a type not listed here cannot be verified. */
const SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  'image/gif': (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a'),
  'image/webp': (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP'),
  'image/bmp': (b) => ascii(b, 0, 'BM'),
  'image/x-icon': (b) => startsWith(b, [0x00, 0x00, 0x01, 0x00]),
  'image/tiff': (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]),
  'image/avif': (b) => isoBrand(b, ['avif', 'avis']),
  'image/heic': (b) => isoBrand(b, ['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1']),
  'image/heif': (b) => isoBrand(b, ['mif1', 'msf1', 'heic', 'heix']),
  'application/pdf': (b) => ascii(b, 0, '%PDF-'),
};
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/vnd.microsoft.icon': 'image/x-icon',
};

/**
 * Refuses a file whose first bytes contradict its declared image (or PDF) type, e.g. text sent as image/png, so the app
 * never renders junk as a picture. Unverifiable image types (including SVG, which can carry script) are refused too.
 */
export function assertContentMatchesMime(contentType: string, head: Buffer): void {
  const mime = baseMimeType(contentType);
  const check = SIGNATURES[ALIASES[mime] ?? mime];
  if (!check) {
    if (mime.startsWith('image/')) throw invalidMimeType(`mime type ${mime} is not supported`);
    return;
  }
  if (check(head)) return;
  // A HEIC photo sent under another image type (a renamed file): the same answer as for HEIC itself.
  if (!HEIC_TYPES.has(mime) && SIGNATURES['image/heic'](head)) throw heicRefused();
  throw invalidMimeType(`file content does not match mime type ${mime}`);
}
