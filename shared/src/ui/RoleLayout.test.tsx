import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { memberFixture, serveTestConfig } from '../../../shell/src/test/fixtures';
import { fakeBackend, resetFakeBackend, signInAs } from '../../../shell/src/test/fakeSupabase';
import { UserProfileProvider } from '../profile/UserProfileProvider';
import { SESSION_STORAGE_KEY } from '../supabase/client';
import { RoleLayout } from './RoleLayout';

beforeEach(() => {
  serveTestConfig();
  resetFakeBackend();
});

describe('RoleLayout Log Out', () => {
  it('signs out, clears the stored session and returns to the landing page', async () => {
    signInAs(memberFixture('doctor', { email: 'dr.adams@northfield.edu' }));
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(fakeBackend.session));
    render(
      <MemoryRouter initialEntries={['/dashboarrd']}>
        <UserProfileProvider>
          <Routes>
            <Route path="/" element={<h1>Landing</h1>} />
            <Route path="/dashboarrd" element={<RoleLayout role="doctor"><h1>Dashboard</h1></RoleLayout>} />
          </Routes>
        </UserProfileProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByText('dr.adams@northfield.edu')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    await waitFor(() => expect(fakeBackend.session).toBeNull());
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
