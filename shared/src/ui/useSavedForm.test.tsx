import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifySuccess } from '../toast/toast';
import type { FieldErrors } from '../validation/schemas';
import { useSavedForm } from './useSavedForm';

jest.mock('../toast/toast', () => ({ notifySuccess: jest.fn() }));

interface Values {
  readonly name: string;
}

const INITIAL: Values = { name: 'Ada' };
const validate = (values: Values): FieldErrors<Values> => (values.name.trim() === '' ? { name: 'Enter a name' } : {});

function NameForm({ save }: { readonly save: (values: Values) => Promise<void> }) {
  const { field, submit, saving, saveError } = useSavedForm<Values>({ initial: INITIAL, validate, save, successMessage: 'Saved' });
  const { value, error, onChange } = field('name');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <label>
        Name
        <input value={value} onChange={onChange} />
      </label>
      {error && <p>{error}</p>}
      {saveError && <p role="alert">{saveError}</p>}
      <button type="submit" disabled={saving}>
        Save
      </button>
    </form>
  );
}

beforeEach(() => jest.mocked(notifySuccess).mockClear());

it('refuses invalid values without saving, and clears a field error once the field is edited', async () => {
  const save = jest.fn(async () => undefined);
  render(<NameForm save={save} />);
  await userEvent.clear(screen.getByLabelText('Name'));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByText('Enter a name')).toBeInTheDocument();
  expect(save).not.toHaveBeenCalled();
  await userEvent.type(screen.getByLabelText('Name'), 'B');
  expect(screen.queryByText('Enter a name')).not.toBeInTheDocument();
});

it('saves the edited values and toasts only after the save succeeded', async () => {
  const save = jest.fn(async () => undefined);
  render(<NameForm save={save} />);
  await userEvent.type(screen.getByLabelText('Name'), ' Lovelace');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Saved'));
  expect(save).toHaveBeenCalledWith({ name: 'Ada Lovelace' });
});

it("shows the server's refusal and never the success toast", async () => {
  render(<NameForm save={async () => Promise.reject(new Error('Your profile could not be saved'))} />);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your profile could not be saved');
  expect(notifySuccess).not.toHaveBeenCalled();
});
