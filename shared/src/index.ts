// The core of @campuscare/shared: what every app needs from its first page on, one copy in the browser (a federation
// singleton the shell provides). The feature parts (appointments, programs, scheduling, account, health, clinical)
// are entries of their own, `@campuscare/shared/<part>`, which each area bundles in the version it was built with, so
// the landing page does not load the role areas' code and an area redeployed alone runs its own parts; inside the
// package they reach the core by its name, never by a relative path, or each area would carry its own copy of the core
// (and of its state).
// The design tokens (colours, spacing) every app's styles read; loaded with the package so no app reaches into it.
// package.json names this file among those with side effects: the bundler skips the package's other modules when
// nothing of theirs is used, and would otherwise skip this import with them.
import './ui/tokens.css';

export * from './routes/contract';
export * from './routes/router';
export * from './routes/locationState';
export * from './config/runtimeConfig';
export * from './supabase/client';
export * from './profile/profileApi';
export * from './profile/profileQueries';
export * from './profile/UserProfileProvider';
export * from './validation/schemas';
export * from './database.types';
export * from './toast/toast';
export * from './ui/Page';
export * from './ui/Button';
export * from './ui/DataTable';
export * from './ui/SearchBox';
export * from './ui/RowActionMenu';
export * from './ui/Modal';
export * from './ui/FormFields';
export * from './ui/downloadText';
export * from './forms/useForm';
export * from './forms/ConfirmDialog';
export * from './forms/DialogButtons';
export * from './forms/FormFrame';
export * from './forms/NewPasswordField';
export * from './data';
export * from './validation/constraints';
export * from './routes/lazyPage';
export * from './dev/StandaloneRemote';
export * from './auth';
export * from './university/logo';
export * from './university/universityApi';
export * from './university/universityQueries';
export * from './images/imageApi';
export * from './images/imageQueries';
export * from './images/StoredImage';
export * from './images/useObjectUrl';
