export * from './authErrors';
export * from './session';
export * from './signInNotice';
export * from './RoleLayout';
