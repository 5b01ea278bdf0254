import { apiMutation } from '@campuscare/shared';
import { verifyExcuseLetter } from './verifyLetterApi';

/** A check of a letter's code: it reads, so nothing is made stale, but it is sent when the visitor asks. */
export const letterCheckMutation = apiMutation({ run: verifyExcuseLetter });
