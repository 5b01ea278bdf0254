import { validateUniversityDetails } from './ProfileSettingsPage';

describe('validateUniversityDetails', () => {
  it('accepts what the database accepts', () => {
    expect(validateUniversityDetails({ name: 'Northfield University', email: 'admin@northfield.edu', phone: '+44 20 7946 0000' })).toEqual({});
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
