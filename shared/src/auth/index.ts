export * from './authErrors';
export * from './session';
export * from './signInNotice';
export * from './RoleLayout';
export * from './emailLink';
