import { memberFixture } from '../../../../test/web/fixtures';
import { describeOwnProfileForm } from '../../../../test/web/ownProfileForm';
import { PersonalDetailsForm } from './ProfileSettingsPage';
import { SETTINGS_MESSAGES } from './studentProfileApi';

// The data layer asks the shared client module for the client, so that module is what the test replaces.
jest.mock('../../../../shared/src/supabase/client', () =>
  jest.requireActual('../../../../test/web/ownProfileForm').ownProfileClientModule(),
);

const student = memberFixture('student', {
  id: 'student-1',
  department: 'Law',
  year_of_study: 3,
  reg_number: 'NFU/2024/010',
});

describeOwnProfileForm('the student personal details form', {
  form: <PersonalDetailsForm member={student} />,
  email: student.email,
  emailLabel: 'Email',
  savedMessage: SETTINGS_MESSAGES.profileSaved,
  other: { label: 'Department', value: 'Pharmacy', column: 'department' },
});
