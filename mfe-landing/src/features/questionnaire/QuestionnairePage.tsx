import { Link } from 'react-router-dom';
import { PATHS } from '@campuscare/shared';
import { AuthPageFrame } from '../sign-in/AuthPageFrame';

export function QuestionnairePage() {
  return (
    <AuthPageFrame title="Let's know more about you" intro={<p>Your genotype, blood group, disability, allergies and BMI help your university's doctors care for you.</p>}>
      <p>
        Not you? <Link to={PATHS.signIn}>Login</Link>
      </p>
    </AuthPageFrame>
  );
}
