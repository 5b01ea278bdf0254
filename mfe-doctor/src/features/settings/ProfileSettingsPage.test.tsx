import { memberFixture } from '../../../../test/web/fixtures';
import { describeOwnProfileForm } from '../../../../test/web/ownProfileForm';
import { ProfileForm } from './ProfileSettingsPage';

// The data layer asks the shared client module for the client, so that module is what the test replaces.
jest.mock('../../../../shared/src/supabase/client', () =>
  jest.requireActual('../../../../test/web/ownProfileForm').ownProfileClientModule(),
);

const doctor = memberFixture('doctor', {
  id: 'doctor-1',
  title: 'Dr',
  first_name: 'Amelia',
  last_name: 'Adams',
  email: 'dr.adams@northfield.edu',
});

describeOwnProfileForm('the doctor profile form', {
  form: <ProfileForm member={doctor} />,
  email: doctor.email,
  emailLabel: 'Email Address',
  savedMessage: 'Profile saved',
  other: { label: 'Phone Number', value: '+1 555 010 0999', column: 'phone' },
});
