import { queryKeys } from '../data/queryKeys';
import { apiMutation } from '../data/useApi';
import { saveOwnName } from './ownNameApi';

/** A staff member's own name, which the member lists show. */
export const ownNameMutation = apiMutation({ run: saveOwnName, invalidates: [queryKeys.members] });
