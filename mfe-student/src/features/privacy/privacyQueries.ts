import { apiMutation, apiQuery, queryKeys } from '@campuscare/shared';
import { deliverMyData } from './myDataDownload';
import { listHealthRecordViews } from './privacyApi';

export const VIEWS_PAGE_SIZE = 10;

/** A page of who viewed the student's health record, newest first. */
export const healthRecordViewsPageQuery = (page: number) =>
  apiQuery({
    key: [...queryKeys.healthRecordViews, 'page', page],
    load: (client) => listHealthRecordViews(client, { page, pageSize: VIEWS_PAGE_SIZE }),
  });

/** The student's data delivered to them: it reads, it changes nothing, and the file or tab is what they see. */
export const myDataDownloadMutation = apiMutation({ run: deliverMyData });
