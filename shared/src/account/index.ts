export * from './passwordApi';
export * from './avatarApi';
export * from './PasswordChangeForm';
export * from './PhotoPicker';
export * from './MemberPhotoPicker';
export * from './SettingsTabs';
export * from './OwnProfile';
export * from './ownProfileApi';
