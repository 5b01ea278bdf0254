import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { type CampusCareClient, LOGO_HINT, type University } from '@campuscare/shared';
import { memberFixture } from '../../../../test/web/fixtures';
import { ProfileSettingsPage, validateUniversityDetails } from './ProfileSettingsPage';

const university: University = {
  id: 'university-1',
  name: 'Northfield University',
  email: 'admin@northfield.edu',
  phone: null,
  logo_path: null,
  join_code: 'NORTHFIELD',
  created_at: '2026-01-01T00:00:00Z',
};
const maybeSingle = jest.fn(async () => ({ data: university, error: null }));
const client = { from: () => ({ select: () => ({ eq: () => ({ maybeSingle }) }) }) } as unknown as CampusCareClient;

jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => client,
}));
jest.mock('../../../../shared/src/profile/UserProfileProvider', () => ({
  ...jest.requireActual('../../../../shared/src/profile/UserProfileProvider'),
  useUserProfile: () => ({
    status: 'signedIn',
    member: memberFixture('admin', { university_id: 'university-1', is_super_admin: true }),
  }),
}));

describe('the university profile', () => {
  it('says what a logo may be, in the words of the registration page', async () => {
    render(
      <MemoryRouter initialEntries={['/profilepage']}>
        <ProfileSettingsPage />
      </MemoryRouter>,
    );
    expect(await screen.findByLabelText('University logo')).toHaveAccessibleDescription(LOGO_HINT);
  });
});

describe('validateUniversityDetails', () => {
  it('accepts what the database accepts', () => {
    expect(
      validateUniversityDetails({
        name: 'Northfield University',
        email: 'admin@northfield.edu',
        phone: '+44 20 7946 0000',
      }),
    ).toEqual({});
    expect(validateUniversityDetails({ name: 'NU', email: 'a@b.co', phone: '' })).toEqual({});
  });

  it('names each bad field', () => {
    expect(validateUniversityDetails({ name: ' ', email: 'nope', phone: 'call me' })).toEqual({
      name: 'This field is required',
      email: 'Enter a valid email address',
      phone: 'Enter a valid phone number',
    });
  });
});
