import { EXEMPTION_KIND_LABEL } from '@campuscare/shared/clinical';
import { formatDay } from '@campuscare/shared/scheduling';
import type { ReviewItem, SeriesDose } from './reviewApi';

/** "the dose of MMR of Tue, 3 Mar 2026", "the medical exemption from Hepatitis B": what a decision is about. */
export function itemTitle(item: ReviewItem): string {
  return item.kind === 'dose'
    ? `the dose of ${item.vaccineName} given on ${formatDay(item.givenOn)}`
    : `the ${EXEMPTION_KIND_LABEL[item.exemptionKind].toLowerCase()} exemption from ${item.requirementName}`;
}

/** "Medicine, year 2, NFU/2025/002": who the student is, as far as the queue says. */
export function studentDetails(student: ReviewItem['student']): string {
  return [student.regNumber, student.department, student.yearOfStudy === null ? null : `year ${student.yearOfStudy}`]
    .filter((part) => part !== null)
    .join(' · ');
}

/** A dose of the series as the doctor reads it: the clinic's own, accepted, waiting, or turned down. */
export function seriesStatusText(dose: Pick<SeriesDose, 'source' | 'reviewStatus'>): string {
  if (dose.source === 'clinic') return 'Given at the clinic';
  if (dose.reviewStatus === 'approved') return 'Accepted';
  if (dose.reviewStatus === 'rejected') return 'Rejected';
  return 'Waiting for review';
}

/** Whether the document can be shown in the page (a photo, a PDF); anything else is offered as a download only. */
export function documentShownAs(contentType: string): 'image' | 'pdf' | 'download' {
  if (contentType === 'image/jpeg' || contentType === 'image/png') return 'image';
  return contentType === 'application/pdf' ? 'pdf' : 'download';
}
