import { fireEvent, screen } from '@testing-library/react';
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
});
