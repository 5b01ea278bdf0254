import { apiMutation, signInWithRole } from '@campuscare/shared';

/** Signing in through one of the sign-in pages: it changes no cached data (the profile is re-read after it). */
export const signInMutation = apiMutation({ run: signInWithRole });
