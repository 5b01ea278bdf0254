import { type AreaRoutes, lazyPage, PATHS } from '@campuscare/shared';

const routes: AreaRoutes<'landing'> = {
  [PATHS.landing]: lazyPage(() => import('../features/home/HomePage'), 'HomePage'),
  [PATHS.register]: lazyPage(() => import('../features/registration/RegisterPage'), 'RegisterPage'),
  [PATHS.questionnaire]: lazyPage(() => import('../features/questionnaire/QuestionnairePage'), 'QuestionnairePage'),
  [PATHS.signIn]: lazyPage(() => import('../features/sign-in/SignInPage'), 'SignInPage'),
  [PATHS.adminSignIn]: lazyPage(() => import('../features/sign-in/AdminSignInPage'), 'AdminSignInPage'),
  [PATHS.forgotPassword]: lazyPage(
    () => import('../features/password-recovery/ForgotPasswordPage'),
    'ForgotPasswordPage',
  ),
  [PATHS.resetPassword]: lazyPage(() => import('../features/password-recovery/ResetPasswordPage'), 'ResetPasswordPage'),
  [PATHS.emailChanged]: lazyPage(() => import('../features/email-change/EmailChangedPage'), 'EmailChangedPage'),
  [PATHS.verifyLetter]: lazyPage(() => import('../features/verify-letter/VerifyLetterPage'), 'VerifyLetterPage'),
};

export default routes;
