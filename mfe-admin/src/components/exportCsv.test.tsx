import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CampusCareClient, toApiError } from '@campuscare/shared';
import { notifyError } from '../../../shared/src/toast/toast';
import { downloadText } from '../../../shared/src/ui/downloadText';
import { ExportButton } from './exportCsv';
import { exportCsv } from './exportCsvApi';

const invoke = jest.fn();
const client = { functions: { invoke } } as unknown as CampusCareClient;

jest.mock('../../../shared/src/supabase/client', () => ({ getSupabase: async () => client }));
jest.mock('../../../shared/src/toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('../../../shared/src/ui/downloadText', () => ({ downloadText: jest.fn() }));

beforeEach(() => {
  invoke.mockReset();
  jest.mocked(downloadText).mockReset();
  jest.mocked(notifyError).mockReset();
});

describe('exports', () => {
  it('ask the gateway for the report and hand the file over with a byte order mark, for spreadsheets', async () => {
    invoke.mockResolvedValue({ data: '"Title"\r\n"Malaria Awareness Week"\r\n', error: null });
    const user = userEvent.setup();
    render(<ExportButton request={{ report: 'programs' }} />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloadText).toHaveBeenCalledTimes(1));
    expect(invoke).toHaveBeenCalledWith('export', { body: { report: 'programs' } });
    const [fileName, text, type] = jest.mocked(downloadText).mock.calls[0];
    expect(fileName).toMatch(/^programs-\d{4}-\d\d-\d\d\.csv$/);
    expect(text).toBe('\uFEFF"Title"\r\n"Malaria Awareness Week"\r\n');
    expect(type).toBe('text/csv;charset=utf-8');
  });

  it('say the database’s refusal in its words', async () => {
    const refusal = {
      code: 'P0001',
      message: 'Only university administrators can export students',
      details: null,
      hint: null,
    };
    invoke.mockResolvedValue({
      data: null,
      error: {
        name: 'FunctionsHttpError',
        message: 'Edge Function returned a non-2xx status code',
        context: { json: async () => refusal },
      },
    });
    await expect(
      exportCsv(client, { report: 'students' }).catch((error: unknown) => toApiError(error).message),
    ).resolves.toBe('Only university administrators can export students');
    const user = userEvent.setup();
    render(<ExportButton request={{ report: 'students' }} />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('Only university administrators can export students'));
    expect(downloadText).not.toHaveBeenCalled();
  });
});
