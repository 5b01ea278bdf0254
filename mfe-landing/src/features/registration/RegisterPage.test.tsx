import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthRetryableFetchError } from '@supabase/auth-js';
import { API_MESSAGES } from '@campuscare/shared';
import { fakeBackend, resetFakeBackend } from '../../../../shell/src/test/fakeSupabase';
import { serveTestConfig } from '../../../../shell/src/test/fixtures';
import { renderPage } from '../../test/renderPage';
import { RegisterPage } from './RegisterPage';

function chooseLogo(file: File) {
  fireEvent.change(screen.getByLabelText('University logo (optional)'), { target: { files: [file] } });
}

describe('RegisterPage (university)', () => {
  beforeAll(() => {
    Object.assign(URL, { createObjectURL: () => 'blob:logo', revokeObjectURL: () => undefined });
  });

  it('checks every field on submit and sends nothing while one is wrong', () => {
    renderPage(<RegisterPage />, '/register');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'registrar@' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: 'call me' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'lowercase123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('Password should include an uppercase, lowercase, and digits', { selector: '[id$="-error"]' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/register');
  });

  it('takes a tel phone field and a password of at least 10 characters', () => {
    renderPage(<RegisterPage />, '/register');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('minLength', '10');
  });

  it('accepts only images of up to 2 MB as the logo and previews a good one', () => {
    renderPage(<RegisterPage />, '/register');
    chooseLogo(new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose an image file');
    chooseLogo(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose an image of 2 MB or less');
    chooseLogo(new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', 'blob:logo');
  });

  it('drops a logo the browser cannot show, with the reason, instead of a broken preview', () => {
    renderPage(<RegisterPage />, '/register');
    chooseLogo(new File(['not really a picture'], 'logo.png', { type: 'image/png' }));
    fireEvent.error(screen.getByRole('img', { name: 'Logo preview' }));
    expect(screen.getByRole('alert')).toHaveTextContent(API_MESSAGES.fileType);
    expect(screen.queryByRole('img', { name: 'Logo preview' })).not.toBeInTheDocument();
  });
});

describe('RegisterPage (refusals)', () => {
  beforeEach(() => {
    serveTestConfig();
    resetFakeBackend();
  });

  it('says the server failed in people’s words, and stays on the page', async () => {
    fakeBackend.signUpError = new AuthRetryableFetchError('boom', 500);
    renderPage(<RegisterPage />, '/register');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('University name'), 'Hillside College');
    await user.type(screen.getByLabelText('Email'), 'registrar@hillside.edu');
    await user.type(screen.getByLabelText('Phone'), '+1 555 030 0500');
    await user.type(screen.getByLabelText('Password'), 'Registrar2026');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('CampusCare could not complete that just now. Please try again in a moment.');
    expect(screen.getByTestId('current-path')).toHaveTextContent('/register');
  });

  it('checks the fields again as they are corrected once a submit showed what is wrong', async () => {
    renderPage(<RegisterPage />, '/register');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    await user.type(screen.getByLabelText('University name'), 'Hillside College');
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
  });
});

describe('RegisterPage (student join code)', () => {
  beforeEach(() => {
    serveTestConfig();
    resetFakeBackend();
    fakeBackend.universities = [{ id: 'university-1', name: 'Northfield University', logo_path: null, join_code: 'NORTHFIELD' }];
  });

  it('takes a typed join code and opens the join form of its university', async () => {
    renderPage(<RegisterPage />, '/register');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Join your university' }));
    expect(screen.getByLabelText('Join code')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Join code'), ' northfield ');
    await user.click(screen.getByRole('button', { name: 'Join your university' }));
    expect(await screen.findByText('You are joining Northfield University')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Join your university' })).toBeInTheDocument();
  });

  it('says when no university has the code', async () => {
    renderPage(<RegisterPage />, '/register?join=NOSUCHCODE');
    expect(await screen.findByRole('alert')).toHaveTextContent('That join code does not match any university');
  });
});
