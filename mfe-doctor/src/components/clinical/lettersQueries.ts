import { apiMutation } from '@campuscare/shared';
import { issueExcuseLetter, revokeExcuseLetter } from './lettersApi';

/** The letters live with their visit and chart, whose sections show the issued or revoked letter they are given. */
export const issueLetterMutation = apiMutation({ run: issueExcuseLetter, success: 'Excuse letter issued' });

export const revokeLetterMutation = apiMutation({ run: revokeExcuseLetter, success: 'Excuse letter revoked' });
