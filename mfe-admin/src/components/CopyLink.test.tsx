import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { notifySuccess } from '@campuscare/shared';
import { CopyLink, LINK_COPIED_MESSAGE } from './CopyLink';

jest.mock('@campuscare/shared', () => ({ ...jest.requireActual('@campuscare/shared'), notifySuccess: jest.fn() }));

const LINK = 'http://localhost:8080/register?join=NORTHFIELD';

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

describe('CopyLink', () => {
  it('copies the link and says so', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyLink label="Student join link" link={LINK} />);
    expect(screen.getByLabelText('Student join link')).toHaveValue(LINK);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith(LINK_COPIED_MESSAGE));
    expect(writeText).toHaveBeenCalledWith(LINK);
  });

  it('shows a visible error when the clipboard is unavailable', async () => {
    render(<CopyLink label="Student join link" link={LINK} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The clipboard is not available here');
  });
});
