import { type ContractPath, Link } from '@campuscare/shared';
import { authFormStyles } from '../../components/AuthPageFrame';

/** Above a sign-in form: why the visitor was sent here, and the page to use instead when a refusal said so. */
export function SignInFeedback({
  notice,
  signInInstead,
  insteadLabel,
}: {
  readonly notice: string | undefined;
  readonly signInInstead: ContractPath | null;
  readonly insteadLabel: string;
}) {
  return (
    <>
      {notice && (
        <p role="status" className={authFormStyles.notice}>
          {notice}
        </p>
      )}
      {signInInstead && (
        <p>
          <Link to={signInInstead}>{insteadLabel}</Link>
        </p>
      )}
    </>
  );
}
