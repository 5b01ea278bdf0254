import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { CampusCareToasts } from '@campuscare/shared';

/** The two calls a member's own profile form makes: the auth service's email change and the member row's update. */
export const ownProfileBackend = { updateUser: jest.fn(), updateMember: jest.fn() };

/** The shared client module with a client that answers those calls; tests pass it to `jest.mock`. */
export function ownProfileClientModule(): object {
  return {
    ...jest.requireActual('../../shared/src/supabase/client'),
    getSupabase: async () => ({
      auth: { updateUser: ownProfileBackend.updateUser },
      from: () => ({
        update: (columns: unknown) => ({
          eq: () => ({ select: () => ({ maybeSingle: () => ownProfileBackend.updateMember(columns) }) }),
        }),
      }),
    }),
  };
}

export interface OwnProfileFormCase {
  /** The form, for a member whose email is `email`. */
  readonly form: ReactElement;
  readonly email: string;
  readonly emailLabel: string;
  readonly savedMessage: string;
  /** Another field the form saves, a value to type into it and the column it lands in. */
  readonly other: { readonly label: string; readonly value: string; readonly column: string };
}

/** How every member's own profile form treats a change of email address (confirmed with the current password). */
export function describeOwnProfileForm(
  name: string,
  { form, email, emailLabel, savedMessage, other }: OwnProfileFormCase,
): void {
  const { updateUser, updateMember } = ownProfileBackend;
  const newEmail = `new.${email}`;

  function renderForm() {
    render(
      <>
        <CampusCareToasts />
        {form}
      </>,
    );
    return userEvent.setup();
  }

  async function changeEmail(user: ReturnType<typeof userEvent.setup>, address: string) {
    await user.clear(screen.getByLabelText(emailLabel));
    await user.type(screen.getByLabelText(emailLabel), address);
  }

  describe(name, () => {
    beforeEach(() => {
      updateUser.mockReset().mockResolvedValue({ data: { user: null }, error: null });
      updateMember.mockReset().mockResolvedValue({ data: { id: 'member-1' }, error: null });
    });

    it('asks for the current password only while the email differs', async () => {
      const user = renderForm();
      expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
      await changeEmail(user, newEmail);
      expect(screen.getByLabelText('Current Password')).toBeInTheDocument();
      await changeEmail(user, ` ${email.toUpperCase()}`);
      expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    });

    it('refuses to send a new email without the current password', async () => {
      const user = renderForm();
      await changeEmail(user, newEmail);
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Enter your current password to change your email address')).toBeInTheDocument();
      expect(updateUser).not.toHaveBeenCalled();
      expect(updateMember).not.toHaveBeenCalled();
    });

    it('sends the new email with the current password, saves the other fields and says a confirmation link was sent', async () => {
      const user = renderForm();
      await changeEmail(user, newEmail.toUpperCase());
      await user.type(screen.getByLabelText('Current Password'), 'CampusCare2026');
      await user.clear(screen.getByLabelText(other.label));
      await user.type(screen.getByLabelText(other.label), other.value);
      await user.click(screen.getByRole('button', { name: 'Save changes' }));

      expect(
        await screen.findByText(
          `We sent a confirmation link to ${newEmail}. Your email address changes once you open it.`,
        ),
      ).toBeInTheDocument();
      expect(await screen.findByText(savedMessage)).toBeInTheDocument();
      expect(updateUser).toHaveBeenCalledWith(
        { email: newEmail, current_password: 'CampusCare2026' },
        { emailRedirectTo: `${window.location.origin}/email-changed` },
      );
      expect(updateMember).toHaveBeenCalledWith(expect.objectContaining({ [other.column]: other.value }));
    });

    it('shows a refusal for people and saves nothing when the current password is wrong', async () => {
      updateUser.mockResolvedValue({
        data: { user: null },
        error: {
          name: 'AuthApiError',
          status: 400,
          code: 'current_password_invalid',
          message: 'Current password required when changing the email address.',
        },
      });
      const user = renderForm();
      await changeEmail(user, newEmail);
      await user.type(screen.getByLabelText('Current Password'), 'NotMyPassword1');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is incorrect.');
      expect(updateMember).not.toHaveBeenCalled();
      expect(screen.queryByText(savedMessage)).not.toBeInTheDocument();
    });

    it('saves the other fields without asking for a password when the email stays', async () => {
      const user = renderForm();
      await user.clear(screen.getByLabelText(other.label));
      await user.type(screen.getByLabelText(other.label), other.value);
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText(savedMessage)).toBeInTheDocument();
      expect(updateUser).not.toHaveBeenCalled();
      expect(updateMember).toHaveBeenCalledWith(expect.objectContaining({ [other.column]: other.value }));
      expect(screen.queryByText(/confirmation link/)).not.toBeInTheDocument();
    });
  });
}
