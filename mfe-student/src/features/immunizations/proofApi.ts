import { API_MESSAGES, ApiError, type CampusCareClient, type Tables, toApiError, unwrap } from '@campuscare/shared';
import { formatCount, formatDecimal } from '@campuscare/shared/scheduling';

/** A file of proof the student sent: a vaccination card, a doctor's letter (migration 20260124000000_medical_documents.sql). */
export type MedicalDocument = Tables<'medical_documents'>;

/** The private bucket of proof: each student writes only into their own folder, and nobody replaces a file. */
const MEDICAL_DOCUMENTS_BUCKET = 'medical-documents';

/** What the bucket takes (its allowed_mime_types), and the extension each is stored with. */
const PROOF_TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};
/** The bucket's file_size_limit: 10 MB. */
export const MAX_PROOF_BYTES = 10 * 1024 * 1024;

/** What the file input offers: the three types, by extension too (some systems give a photo no type). */
export const PROOF_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

export const PROOF_MESSAGES = {
  wrongType: 'Choose a PDF, or a photo as JPEG or PNG (an iPhone photo: share it as JPEG, or take a screenshot)',
  tooLarge: 'Choose a file of 10 MB or less',
  empty: 'That file is empty',
  contentMismatch: 'That file is not what its name says: choose the PDF, JPEG or PNG itself',
} as const;

/** The proof a dose or an exemption request rests on: none yet, a new file (once chosen), or a file sent before. */
export type ProofChoice =
  | { readonly kind: 'none' }
  | { readonly kind: 'new'; readonly file: File | null }
  | { readonly kind: 'existing'; readonly documentId: string };

/** Why `file` cannot be sent as proof, or undefined when it can (the bucket checks again, its content too). */
export function proofFileError(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!Object.hasOwn(PROOF_TYPES, file.type)) return PROOF_MESSAGES.wrongType;
  if (file.size === 0) return PROOF_MESSAGES.empty;
  if (file.size > MAX_PROOF_BYTES) return PROOF_MESSAGES.tooLarge;
  return undefined;
}

/** "2.4 MB", "820 KB": a file's size as people read it. */
export function fileSizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${formatDecimal(bytes / (1024 * 1024))} MB`
    : `${formatCount(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** `<student>/<random>.<ext>`: the student's own folder, a name no one can guess or reuse. */
export function proofObjectPath(studentId: string, file: Pick<File, 'type'>, id: string = crypto.randomUUID()): string {
  return `${studentId}/${id}.${PROOF_TYPES[file.type] ?? 'bin'}`;
}

/**
 * Stores the file in the student's folder, then registers it (add_medical_document) so a dose or an exemption can
 * name it. The storage service refuses a file whose content contradicts its type, or one over 10 MB: said here for
 * proof, not for a profile photo.
 */
export async function uploadProof(
  client: CampusCareClient,
  input: { readonly studentId: string; readonly file: File },
): Promise<MedicalDocument> {
  const path = proofObjectPath(input.studentId, input.file);
  const stored = await client.storage
    .from(MEDICAL_DOCUMENTS_BUCKET)
    .upload(path, input.file, { contentType: input.file.type, upsert: false });
  if (stored.error) {
    // The data layer tells the storage's two refusals of a file apart (whatever HTTP status carried them); said again for proof.
    const error = toApiError(stored.error);
    if (error.message === API_MESSAGES.fileType)
      throw new ApiError(PROOF_MESSAGES.contentMismatch, { status: error.status, field: 'proof', cause: stored.error });
    if (error.message === API_MESSAGES.tooLarge)
      throw new ApiError(PROOF_MESSAGES.tooLarge, { status: error.status, field: 'proof', cause: stored.error });
    throw error;
  }
  return unwrap(await client.rpc('add_medical_document', { storage_object: path, file_name: input.file.name }));
}

/** The document the choice names: a new file uploaded and registered first, one sent before as it is, or none. */
export async function proofDocumentId(
  client: CampusCareClient,
  studentId: string,
  proof: ProofChoice,
): Promise<string | null> {
  if (proof.kind === 'existing') return proof.documentId;
  if (proof.kind === 'none' || proof.file === null) return null;
  return (await uploadProof(client, { studentId, file: proof.file })).id;
}
