import { apiMutation } from '@campuscare/shared';
import { exportCsv } from './exportCsvApi';

/** An export reads, it changes nothing: only what it tells people. */
export const exportCsvMutation = apiMutation({ run: exportCsv, success: 'Your CSV file is ready' });
