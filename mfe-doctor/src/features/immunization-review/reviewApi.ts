import { ApiError, type CampusCareClient, type Database, type Json, unwrap } from '@campuscare/shared';
import { type ExemptionKind } from '@campuscare/shared/clinical';

type QueueRow = Database['public']['Functions']['immunization_review_queue']['Returns'][number];
/** A queue row as the database really sends it: a dose's row has no exemption, an exemption's no vaccine, either may have no document. */
export type SentQueueRow = { readonly [Column in keyof QueueRow]: QueueRow[Column] | null };

/** A dose of the same vaccines the student entered before (or the clinic gave): the series the dose belongs to. */
export interface SeriesDose {
  readonly id: string;
  readonly cvxCode: string;
  readonly vaccineName: string;
  /** 'YYYY-MM-DD'. */
  readonly givenOn: string;
  readonly givenAt: string | null;
  readonly lot: string | null;
  readonly source: 'student' | 'clinic';
  readonly reviewStatus: 'pending' | 'approved' | 'rejected';
}

interface QueueStudent {
  readonly id: string;
  readonly name: string;
  readonly regNumber: string | null;
  readonly department: string | null;
  readonly yearOfStudy: number | null;
}

interface ItemDocument {
  readonly id: string;
  readonly name: string | null;
  readonly type: string | null;
}

interface QueueItemBase {
  readonly id: string;
  readonly submittedAt: string;
  readonly student: QueueStudent;
  readonly document: ItemDocument | null;
  readonly series: readonly SeriesDose[];
}

export interface DoseItem extends QueueItemBase {
  readonly kind: 'dose';
  readonly cvxCode: string;
  readonly vaccineName: string;
  readonly givenOn: string;
  readonly givenAt: string | null;
  readonly lot: string | null;
}

export interface ExemptionItem extends QueueItemBase {
  readonly kind: 'exemption';
  readonly requirementName: string;
  readonly exemptionKind: ExemptionKind;
  readonly reason: string;
}

/** One item waiting for a doctor: a dose a student entered, or an exemption they asked for. */
export type ReviewItem = DoseItem | ExemptionItem;

export const UNREADABLE_QUEUE_MESSAGE = 'The review queue could not be read. Please try again.';

type JsonObject = { readonly [key: string]: Json | undefined };

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: Json | undefined): string | null => (typeof value === 'string' ? value : null);

function seriesOf(value: Json): SeriesDose[] {
  if (!Array.isArray(value)) throw new ApiError(UNREADABLE_QUEUE_MESSAGE);
  return value.filter(isObject).map((dose) => ({
    id: text(dose.id) ?? '',
    cvxCode: text(dose.cvx_code) ?? '',
    vaccineName: text(dose.vaccine_name) ?? '',
    givenOn: text(dose.given_on) ?? '',
    givenAt: text(dose.given_at),
    lot: text(dose.lot),
    source: dose.source === 'clinic' ? 'clinic' : 'student',
    reviewStatus:
      dose.review_status === 'approved' ? 'approved' : dose.review_status === 'rejected' ? 'rejected' : 'pending',
  }));
}

/** immunization_review_queue()'s rows as items, oldest first as the database sends them. */
export function readReviewQueue(rows: readonly SentQueueRow[]): ReviewItem[] {
  return rows.map((row) => {
    if (row.item_id === null || row.submitted_at === null || row.student_id === null || row.student_name === null)
      throw new ApiError(UNREADABLE_QUEUE_MESSAGE);
    const base: QueueItemBase = {
      id: row.item_id,
      submittedAt: row.submitted_at,
      student: {
        id: row.student_id,
        name: row.student_name,
        regNumber: row.reg_number,
        department: row.department,
        yearOfStudy: row.year_of_study,
      },
      document:
        row.document_id === null ? null : { id: row.document_id, name: row.document_name, type: row.document_type },
      series: seriesOf(row.entered_doses ?? []),
    };
    if (row.item_kind === 'exemption') {
      return {
        ...base,
        kind: 'exemption',
        requirementName: row.requirement_name ?? '',
        exemptionKind: row.exemption_kind === 'personal' ? 'personal' : 'medical',
        reason: row.exemption_reason ?? '',
      };
    }
    return {
      ...base,
      kind: 'dose',
      cvxCode: row.cvx_code ?? '',
      vaccineName: row.vaccine_name ?? '',
      givenOn: row.given_on ?? '',
      givenAt: row.given_at,
      lot: row.lot,
    };
  });
}

export async function loadReviewQueue(client: CampusCareClient): Promise<ReviewItem[]> {
  const rows: readonly SentQueueRow[] = unwrap(await client.rpc('immunization_review_queue'));
  return readReviewQueue(rows);
}

/** A doctor's decision: approve, or reject with the reason the student reads. */
export interface Decision {
  readonly item: Pick<ReviewItem, 'kind' | 'id'>;
  readonly approve: boolean;
  readonly reason?: string;
}

/** Through review_immunization_dose or review_immunization_exemption, which decide each item once, audited. */
export async function decide(client: CampusCareClient, decision: Decision): Promise<void> {
  const { item, approve, reason } = decision;
  if (item.kind === 'dose') unwrap(await client.rpc('review_immunization_dose', { dose_id: item.id, approve, reason }));
  else unwrap(await client.rpc('review_immunization_exemption', { exemption_id: item.id, approve, reason }));
}

/** A document opened for reading: the file itself, held in the page. */
export interface OpenedDocument {
  readonly blob: Blob;
  readonly fileName: string | null;
  readonly contentType: string;
}

/**
 * Opens a student's document through open_medical_document, which checks the caller, records the opening for the
 * student's "Who viewed my health record" and lets this doctor read that file for a few minutes; then reads it.
 */
export async function openDocument(client: CampusCareClient, documentId: string): Promise<OpenedDocument> {
  const opened = unwrap(await client.rpc('open_medical_document', { document_id: documentId }));
  if (
    !isObject(opened) ||
    typeof opened.bucket !== 'string' ||
    typeof opened.path !== 'string' ||
    typeof opened.content_type !== 'string'
  ) {
    throw new ApiError('The document could not be opened. Please try again.');
  }
  const blob = unwrap<Blob>(await client.storage.from(opened.bucket).download(opened.path));
  return { blob, fileName: text(opened.file_name), contentType: opened.content_type };
}
