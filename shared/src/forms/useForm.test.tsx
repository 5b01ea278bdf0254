import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { notifySuccess } from '../toast/toast';
import { useState } from 'react';
import { ApiError } from '../data/apiError';
import { queryClient } from '../data/queryClient';
import { apiMutation } from '../data/useApi';
import { TextField } from '../ui/FormFields';
import { FormFrame } from './FormFrame';
import type { FieldErrors } from '../validation/schemas';
import { useForm } from './useForm';

jest.mock('../toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('../supabase/client', () => ({ getSupabase: async () => ({ name: 'client' }) }));

interface Values {
  readonly name: string;
  readonly email: string;
}

const INITIAL: Values = { name: 'Ada', email: 'ada@example.edu' };
const validate = (values: Values): FieldErrors<Values> => (values.name.trim() === '' ? { name: 'Enter a name' } : {});

function NameForm({
  submit,
  resetOnSuccess = false,
}: {
  readonly submit: (values: Values) => Promise<unknown>;
  readonly resetOnSuccess?: boolean;
}) {
  const form = useForm({ initial: INITIAL, validate, submit, successMessage: 'Saved', resetOnSuccess });
  const name = form.field('name');
  const email = form.field('email');
  return (
    <form onSubmit={(event) => void form.handleSubmit(event)} noValidate>
      <label>
        Name
        <input value={name.value} onChange={name.onChange} />
      </label>
      {name.error && <p>{name.error}</p>}
      <label>
        Email
        <input value={email.value} onChange={email.onChange} />
      </label>
      {email.error && <p>{email.error}</p>}
      {form.formError && <p role="alert">{form.formError}</p>}
      <button type="submit" disabled={form.submitting}>
        Save
      </button>
    </form>
  );
}

beforeEach(() => jest.mocked(notifySuccess).mockClear());

it('refuses invalid values without sending, and clears a field error once the field is edited', async () => {
  const submit = jest.fn(async () => undefined);
  render(<NameForm submit={submit} />);
  await userEvent.clear(screen.getByLabelText('Name'));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByText('Enter a name')).toBeInTheDocument();
  expect(submit).not.toHaveBeenCalled();
  await userEvent.type(screen.getByLabelText('Name'), 'B');
  expect(screen.queryByText('Enter a name')).not.toBeInTheDocument();
});

it('sends the values, toasts only after a real success and can start again empty', async () => {
  const submit = jest.fn(async () => undefined);
  render(<NameForm submit={submit} resetOnSuccess />);
  await userEvent.type(screen.getByLabelText('Name'), 'x');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Saved'));
  expect(submit).toHaveBeenCalledWith({ name: 'Adax', email: 'ada@example.edu' });
  expect(screen.getByLabelText('Name')).toHaveValue('Ada');
});

it('shows a refusal that names a field on that field, and any other above the form', async () => {
  const submit = jest
    .fn<Promise<unknown>, [Values]>()
    .mockRejectedValueOnce(new ApiError('That email is already registered', { field: 'email' }))
    .mockRejectedValueOnce(new TypeError('Failed to fetch'));
  render(<NameForm submit={submit} />);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('That email is already registered')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach CampusCare');
  expect(notifySuccess).not.toHaveBeenCalled();
});

it('sends once while a submit is under way', async () => {
  let finish: () => void = () => undefined;
  const submit = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  render(<NameForm submit={submit} />);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  finish();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  expect(submit).toHaveBeenCalledTimes(1);
});

/** A form as a prerendered page has it: its fields named after its values, `formRef` on the form. */
function PrerenderedNameForm({ submit }: { readonly submit: (values: Values) => Promise<unknown> }) {
  const form = useForm({ initial: INITIAL, submit });
  const name = form.field('name');
  const email = form.field('email');
  return (
    <form ref={form.formRef} onSubmit={(event) => void form.handleSubmit(event)} noValidate>
      <label>
        Name
        <input name={name.name} value={name.value} onChange={name.onChange} />
      </label>
      <label>
        Email
        <input name={email.name} value={email.value} onChange={email.onChange} />
      </label>
      <button type="submit">Save</button>
    </form>
  );
}

it('keeps what was typed into a prerendered form before it hydrated, through the renders that follow', async () => {
  const submit = jest.fn(async () => undefined);
  const page = <PrerenderedNameForm submit={submit} />;
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(page);
  // Typed, or filled in by a password manager, while the page's scripts were still loading.
  (screen.getByLabelText('Name') as HTMLInputElement).value = 'Grace';

  const root = await act(async () => hydrateRoot(container, page));
  await userEvent.type(screen.getByLabelText('Email'), 'u');
  expect(screen.getByLabelText('Name')).toHaveValue('Grace');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(submit).toHaveBeenCalledWith({ name: 'Grace', email: 'ada@example.eduu' });

  act(() => root.unmount());
  container.remove();
});

/** A form whose parent builds `initial` anew on every render, as a component computing it from props does. */
function ParentBuildingInitial({ name }: { readonly name: string }) {
  const [renders, setRenders] = useState(0);
  const form = useForm({ initial: { name, email: 'ada@example.edu' }, submit: async () => undefined });
  const field = form.field('name');
  return (
    <>
      <label>
        Name
        <input value={field.value} onChange={field.onChange} />
      </label>
      <button type="button" onClick={() => setRenders(renders + 1)}>
        Render again ({renders})
      </button>
    </>
  );
}

it('keeps what was typed when `initial` is rebuilt with the same values, and resets when its values change', async () => {
  const { rerender } = render(<ParentBuildingInitial name="Ada" />);
  await userEvent.type(screen.getByLabelText('Name'), 'x');
  await userEvent.click(screen.getByRole('button', { name: /Render again/ }));
  rerender(<ParentBuildingInitial name="Ada" />);
  expect(screen.getByLabelText('Name')).toHaveValue('Adax');
  rerender(<ParentBuildingInitial name="Grace" />);
  expect(screen.getByLabelText('Name')).toHaveValue('Grace');
});

describe('a form that runs a mutation, in its frame', () => {
  const rename = (run: (client: unknown, input: { readonly fullName: string }) => Promise<string>) =>
    apiMutation({ run, invalidates: [['names']], success: (output: string) => `Saved ${output}` });

  function RenameForm({ mutation }: { readonly mutation: ReturnType<typeof rename> }) {
    const form = useForm({ initial: INITIAL, validate, mutation, input: (values) => ({ fullName: values.name }) });
    return (
      <FormFrame form={form} label="Rename" submit="Save" cancel={{ label: 'Cancel', onClick: () => undefined }}>
        <TextField label="Name" {...form.field('name')} />
      </FormFrame>
    );
  }

  it('sends the input the values make, shows one busy state, then toasts and invalidates what it changed', async () => {
    let finish: (output: string) => void = () => undefined;
    const run = jest.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    render(<RenameForm mutation={rename(run)} />);
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(run).toHaveBeenCalledWith({ name: 'client' }, { fullName: 'Adax' });
    finish('Adax');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(notifySuccess).toHaveBeenCalledWith('Saved Adax');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['names'] });
    invalidate.mockRestore();
  });

  it('shows a refusal in the frame, and the form stays as it was', async () => {
    const run = jest.fn(async () => {
      throw new ApiError('Names are taken today');
    });
    render(<RenameForm mutation={rename(run)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Names are taken today');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
    expect(notifySuccess).not.toHaveBeenCalled();
  });
});
