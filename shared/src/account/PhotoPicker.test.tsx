import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_MESSAGES } from '../data/apiError';
import { PhotoPicker } from './PhotoPicker';

const upload = jest.fn();
const from = jest.fn(() => ({ upload }));

jest.mock('../supabase/client', () => ({ getSupabase: async () => ({ storage: { from } }) }));

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:preview'), revokeObjectURL: jest.fn() });
});

beforeEach(() => {
  upload.mockReset();
  from.mockClear();
});

function image(name = 'me.png', type = 'image/png', size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const STORED_URL = 'https://storage.example/avatars/doctor-1/avatar.png';

function renderPicker(onUploaded = jest.fn()) {
  render(
    <PhotoPicker
      label="Profile photo"
      bucket="avatars"
      currentUrl={STORED_URL}
      pathFor={() => 'doctor-1/avatar.png'}
      onUploaded={onUploaded}
    />,
  );
  return onUploaded;
}

describe('PhotoPicker', () => {
  it('accepts images only', () => {
    renderPicker();
    expect(screen.getByLabelText('Profile photo')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByRole('button', { name: 'Change Profile photo' })).toBeDisabled();
  });

  it('refuses a file that is not an image or larger than 2 MB', async () => {
    renderPicker();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      screen.getByLabelText('Profile photo'),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Choose an image file');
    await user.upload(screen.getByLabelText('Profile photo'), image('big.png', 'image/png', 3 * 1024 * 1024));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose an image of 2 MB or less');
    expect(screen.getByRole('button', { name: 'Change Profile photo' })).toBeDisabled();
  });

  it('previews the chosen image and uploads it with upsert, returning the stored path', async () => {
    upload.mockResolvedValue({ data: { path: 'doctor-1/avatar.png' }, error: null });
    const onUploaded = renderPicker();
    const user = userEvent.setup();
    const file = image();
    await user.upload(screen.getByLabelText('Profile photo'), file);
    expect(screen.getByRole('img', { name: 'Profile photo preview' })).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'Change Profile photo' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith('doctor-1/avatar.png'));
    expect(from).toHaveBeenCalledWith('avatars');
    expect(upload).toHaveBeenCalledWith('doctor-1/avatar.png', file, expect.objectContaining({ upsert: true }));
  });

  it('keeps the stored image and says why in people’s words when the storage service refuses the file', async () => {
    upload.mockResolvedValue({
      data: null,
      error: {
        name: 'StorageApiError',
        __isStorageError: true,
        status: 400,
        statusCode: '415',
        message: 'file content does not match mime type image/png',
      },
    });
    const onUploaded = renderPicker();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Profile photo'), image());
    await user.click(screen.getByRole('button', { name: 'Change Profile photo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.fileType);
    expect(screen.queryByText(/mime type/)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile photo' })).toHaveAttribute('src', STORED_URL);
    expect(screen.queryByRole('img', { name: 'Profile photo preview' })).not.toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('says the server could not be reached instead of the browser’s fetch error', async () => {
    upload.mockRejectedValue(new TypeError('Failed to fetch'));
    renderPicker();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Profile photo'), image());
    await user.click(screen.getByRole('button', { name: 'Change Profile photo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.unreachable);
  });

  it('drops a chosen file the browser cannot show, keeping the stored image', async () => {
    renderPicker();
    await userEvent.setup().upload(screen.getByLabelText('Profile photo'), image());
    fireEvent.error(screen.getByRole('img', { name: 'Profile photo preview' }));
    expect(screen.getByRole('alert')).toHaveTextContent(API_MESSAGES.fileType);
    expect(screen.getByRole('img', { name: 'Profile photo' })).toHaveAttribute('src', STORED_URL);
    expect(screen.getByRole('button', { name: 'Change Profile photo' })).toBeDisabled();
  });
});
