export * from './passwordApi';
export * from './imageApi';
export * from './avatarApi';
export * from './StoredImage';
export * from './PasswordChangeForm';
export * from './PhotoPicker';
export * from './MemberPhotoPicker';
