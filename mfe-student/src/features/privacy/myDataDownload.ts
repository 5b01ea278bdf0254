import { ApiError, type CampusCareClient, downloadText, temporaryTextUrl } from '@campuscare/shared';
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

function openPrintable(html: string): void {
  // The page is our own escaped, script-free document, so the new tab may keep its opener; that lets us tell a
  // blocked pop-up from an opened one.
  if (!window.open(temporaryTextUrl(html, 'text/html'), '_blank')) {
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
