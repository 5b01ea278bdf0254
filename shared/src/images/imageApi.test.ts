import { IMAGE_TOO_LARGE_MESSAGE, imageFileError, imageObjectPath, MAX_IMAGE_BYTES } from './imageApi';
import { MESSAGES } from '../validation/schemas';

describe('imageFileError', () => {
  it('accepts images up to 2 MB', () => {
    expect(imageFileError({ type: 'image/png', size: MAX_IMAGE_BYTES })).toBeUndefined();
  });

  it('refuses other types and larger files', () => {
    expect(imageFileError({ type: 'application/pdf', size: 10 })).toBe(MESSAGES.imagesOnly);
    expect(imageFileError({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe(IMAGE_TOO_LARGE_MESSAGE);
  });
});

describe('imageObjectPath', () => {
  it('names the object after the folder and the file type', () => {
    expect(imageObjectPath('user-1', 'avatar', { type: 'image/jpeg' })).toBe('user-1/avatar.jpg');
    expect(imageObjectPath('user-1', 'avatar', { type: 'image/webp' })).toBe('user-1/avatar.webp');
  });
});
