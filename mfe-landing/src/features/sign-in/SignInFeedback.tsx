import { type ContractPath, ErrorBanner, Link } from '@campuscare/shared';
import { authFormStyles } from '../../components/AuthPageFrame';

/** Above a sign-in form: why the visitor was sent here, the refusal of the last try, and the page to use instead. */
export function SignInFeedback({
  notice,
  refusal,
  signInInstead,
  insteadLabel,
}: {
  readonly notice: string | undefined;
  readonly refusal: string | null;
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
      {refusal && <ErrorBanner message={refusal} />}
      {signInInstead && (
        <p>
          <Link to={signInInstead}>{insteadLabel}</Link>
        </p>
      )}
    </>
  );
}
