import { ApiError, type CampusCareClient, downloadText } from '@campuscare/shared';
import {
  fhirRecordFileName,
  fhirRecordJson,
  loadFhirRecord,
  loadMyData,
  MY_DATA_FILE_NAME,
  myDataHtml,
  myDataJson,
} from './privacyApi';

export type MyDataFormat = 'json' | 'html' | 'fhir';

/** Long enough for the browser to have read the file or opened the tab; the URL is useless afterwards. */
const OBJECT_URL_LIFETIME_MS = 60_000;

function objectUrl(text: string, type: string): string {
  const url = URL.createObjectURL(new Blob([text], { type }));
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  return url;
}

function openPrintable(html: string): void {
  // The page is our own escaped, script-free document, so the new tab may keep its opener; that lets us tell a
  // blocked pop-up from an opened one.
  if (!window.open(objectUrl(html, 'text/html'), '_blank')) {
    throw new ApiError('Your browser blocked the new tab: allow pop-ups for this site and try again');
  }
}

/** The student's data as a file (JSON, or FHIR for another clinic) or as a printable page in a new tab, times in `zone`. */
export async function deliverMyData(
  client: CampusCareClient,
  { format, zone }: { readonly format: MyDataFormat; readonly zone: string },
): Promise<void> {
  if (format === 'fhir') {
    const record = await loadFhirRecord(client);
    downloadText(fhirRecordFileName(record, zone), fhirRecordJson(record), 'application/fhir+json');
    return;
  }
  const data = await loadMyData(client);
  if (format === 'json') downloadText(MY_DATA_FILE_NAME, myDataJson(data), 'application/json');
  else openPrintable(myDataHtml(data, zone));
}
